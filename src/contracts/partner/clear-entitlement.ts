import { routeMeta } from "@/contracts/common/meta";
import { ZEntitlement, ZEntitlementPath } from "./entitlement";

export const clearEntitlementMeta = routeMeta({
  surface: "partner-v1",
  method: "DELETE",
  path: "/organizations/{orgId}/automations/{automationId}/entitlement",
  summary: "Clear an automation's override",
  description:
    "Removes the platform's override, so the template's default applies again; answers with the resulting entitlement. Clearing when no override is set is not an error.",
  tags: ["Entitlements"],
  security: ["partnerKey"],
  errors: {
    401: "Missing, invalid or revoked partner key (UNAUTHORIZED).",
    404: "No customer organization of this platform with this id, or no automation with this id in it (NOT_FOUND).",
  },
});

export const ZClearEntitlementRequest = ZEntitlementPath;
export const ZClearEntitlementResponse = ZEntitlement;
