import {
  getOrganizationMeta,
  ZGetOrganizationRequest,
  ZGetOrganizationResponse,
} from "@/contracts/partner/get-organization";
import { getFollowerRecord } from "@/server/services/partner/provisioning/follower-record";
import { partnerProcedure } from "@/server/trpc/procedures";

/** GET /api/partner/v1/organizations/{orgId} (ykp_): the customer record and onboarding state now. */
export const getOrganization = partnerProcedure
  .meta(getOrganizationMeta)
  .input(ZGetOrganizationRequest)
  .output(ZGetOrganizationResponse)
  .query(({ ctx, input }) => getFollowerRecord(ctx.actor.platformId, input.orgId));
