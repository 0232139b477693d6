import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZEntitlement } from "./entitlement";

export const listEntitlementsMeta = routeMeta({
  surface: "partner-v1",
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
