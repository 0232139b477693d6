import {
  provisionOrganizationMeta,
  ZProvisionOrganizationRequest,
  ZProvisionOrganizationResponse,
} from "@/contracts/partner/provision-organization";
import { idempotencyKeyOf } from "@/server/idempotency/idempotency-key";
import { provisionOrganization as provisionOrganizationService } from "@/server/services/partner/provisioning/provision-organization";
import { partnerProcedure } from "@/server/trpc/procedures";

/** POST /api/partner/v1/organizations (ykp_): 202 with the customer record; replays say so in a header. */
export const provisionOrganization = partnerProcedure
  .meta(provisionOrganizationMeta)
  .input(ZProvisionOrganizationRequest)
  .output(ZProvisionOrganizationResponse)
  .mutation(async ({ ctx, input }) => {
    // The header becomes a value here (format checked: repeated or comma-joined values refused).
    const idempotencyKey = idempotencyKeyOf(ctx.req.headers, undefined);
    const outcome = await provisionOrganizationService({ actor: ctx.actor, idempotencyKey, body: input });
    if (outcome.replayed) ctx.resHeaders["Idempotency-Replayed"] = "true";
    return outcome.body;
  });
