import { z } from "zod";
import { ZIsoDateTime, ZUuid } from "@/contracts/common/ids";
import { ZEntitlement } from "@/contracts/partner/entitlement";

/** How long a share lasts (days); 7 unless the person picks another. */
export const SUPPORT_GRANT_DAYS = [1, 7, 30] as const;
export const DEFAULT_SUPPORT_GRANT_DAYS = 7;

export const ZShareWithSupportRequest = z.strictObject({
  sessionId: ZUuid,
  days: z.union([z.literal(1), z.literal(7), z.literal(30)]).default(DEFAULT_SUPPORT_GRANT_DAYS),
});
export type TShareWithSupportRequest = z.input<typeof ZShareWithSupportRequest>;

export const ZSupportGrantView = z.object({
  id: ZUuid,
  sessionId: ZUuid,
  sessionTitle: z.string(),
  grantedBy: z.object({ userId: ZUuid, name: z.string() }).nullable(),
  createdAt: ZIsoDateTime,
  expiresAt: ZIsoDateTime,
});
export type TSupportGrantView = z.infer<typeof ZSupportGrantView>;

export const ZListSupportGrantsRequest = z.strictObject({ sessionId: ZUuid.optional() });
export const ZListSupportGrantsResponse = z.object({ grants: z.array(ZSupportGrantView) });
export const ZRevokeSupportGrantRequest = z.strictObject({ grantId: ZUuid });
export const ZRevokeSupportGrantResponse = z.object({ ok: z.literal(true) });

/** The customer's view of its partner: null partner for an ordinary organization. */
export const ZPartnerOverviewRequest = z.strictObject({}).optional();
export const ZPartnerOverview = z.object({
  partner: z.object({ name: z.string() }).nullable(),
  entitlements: z.array(ZEntitlement),
});
export type TPartnerOverview = z.infer<typeof ZPartnerOverview>;
