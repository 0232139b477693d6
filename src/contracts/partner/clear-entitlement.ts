import { routeMeta } from "@/contracts/common/meta";
import { ZEntitlement, ZEntitlementPath } from "./entitlement";

export const clearEntitlementMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    response: {
      automationId: "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e",
      kind: "agent",
      name: "Support triage",
      domainId: "c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f",
      default: true,
      override: true,
      enabled: true,
    },
  },
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
