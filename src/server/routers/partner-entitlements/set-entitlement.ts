import {
  setEntitlementMeta,
  ZSetEntitlementRequest,
  ZSetEntitlementResponse,
} from "@/contracts/partner/set-entitlement";
import { setEntitlementOverride } from "@/server/services/partner/entitlements/entitlements";
import { partnerProcedure } from "@/server/trpc/procedures";

export const setEntitlement = partnerProcedure
  .meta(setEntitlementMeta)
  .input(ZSetEntitlementRequest)
  .output(ZSetEntitlementResponse)
  .mutation(({ ctx, input }) =>
    setEntitlementOverride({
      platformId: ctx.actor.platformId,
      orgId: input.orgId,
      automationId: input.automationId,
      override: input.enabled,
    }),
  );
