import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZEntitlement } from "./entitlement";

export const listEntitlementsMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    response: {
      entitlements: [
        {
          automationId: "c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f",
          kind: "agent",
          name: "Support triage",
          domainId: "5f6a7b8c-9d0e-4f1a-a2b3-c4d5e6f7a8b9",
          default: true,
          override: true,
          enabled: true,
        },
      ],
    },
  },
  method: "GET",
  path: "/organizations/{orgId}/entitlements",
  summary: "List a customer's entitlements",
  description:
    "Every agent and flow of the customer organization, published or not, with the template's default, the platform's override and the resolved standing. Ordered by name.",
  tags: ["Entitlements"],
  security: ["partnerKey"],
  errors: {
    401: "Missing, invalid or revoked partner key (UNAUTHORIZED).",
    404: "No customer organization of this platform with this id (NOT_FOUND).",
  },
});

export const ZListEntitlementsRequest = z.strictObject({
  orgId: z.string().meta({ description: "The follower's organization id." }),
});

export const ZListEntitlementsResponse = z
  .object({ entitlements: z.array(ZEntitlement) })
  .meta({ id: "EntitlementList" });
export type TListEntitlementsResponse = z.infer<typeof ZListEntitlementsResponse>;
