import {
  listEntitlementsMeta,
  ZListEntitlementsRequest,
  ZListEntitlementsResponse,
} from "@/contracts/partner/list-entitlements";
import { listEntitlements as listEntitlementsService } from "@/server/services/partner/entitlements/entitlements";
import { partnerProcedure } from "@/server/trpc/procedures";

export const listEntitlements = partnerProcedure
  .meta(listEntitlementsMeta)
  .input(ZListEntitlementsRequest)
  .output(ZListEntitlementsResponse)
  .query(({ ctx, input }) => listEntitlementsService(ctx.actor.platformId, input.orgId));
