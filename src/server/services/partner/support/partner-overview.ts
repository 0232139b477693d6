import type { TPartnerOverview } from "@/contracts/support/support-grants";
import type { TUserActor } from "@/server/auth/actor";
import { organizationEntitlements } from "@/server/services/partner/entitlements/entitlements";
import { followerPlatform } from "./support-grants";

/** For the customer's settings page: its partner and which automations that partner enabled. */
export async function partnerOverview(actor: TUserActor): Promise<TPartnerOverview> {
  const partner = await followerPlatform(actor.orgId);
  if (!partner) return { partner: null, entitlements: [] };
  return { partner: { name: partner.name }, entitlements: await organizationEntitlements(actor.orgId) };
}
