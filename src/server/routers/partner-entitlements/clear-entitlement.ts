import {
  clearEntitlementMeta,
  ZClearEntitlementRequest,
  ZClearEntitlementResponse,
} from "@/contracts/partner/clear-entitlement";
import { setEntitlementOverride } from "@/server/services/partner/entitlements/entitlements";
import { partnerProcedure } from "@/server/trpc/procedures";

export const clearEntitlement = partnerProcedure
  .meta(clearEntitlementMeta)
  .input(ZClearEntitlementRequest)
  .output(ZClearEntitlementResponse)
  .mutation(({ ctx, input }) =>
    setEntitlementOverride({
      platformId: ctx.actor.platformId,
      orgId: input.orgId,
      automationId: input.automationId,
      override: null,
    }),
  );
