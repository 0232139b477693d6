import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZEntitlement } from "./entitlement";

export const setEntitlementMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    request: { enabled: true },
    response: {
      automationId: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b",
      kind: "agent",
      name: "Support triage",
      domainId: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e",
      default: true,
      override: true,
      enabled: true,
    },
  },
  method: "PATCH",
  path: "/organizations/{orgId}/automations/{automationId}/entitlement",
  summary: "Enable or disable an automation for a customer",
  description:
    "Sets the platform's override for one agent or flow of the customer. A disabled automation never starts: session open, console runs, trigger firings (the subscriber is skipped with AUTOMATION_DISABLED), MCP and flow agent steps refuse it, and later messages to its existing sessions are refused too.",
  tags: ["Entitlements"],
  security: ["partnerKey"],
  errors: {
    400: "Unknown or invalid fields (VALIDATION).",
    401: "Missing, invalid or revoked partner key (UNAUTHORIZED).",
    404: "No customer organization of this platform with this id, or no automation with this id in it (NOT_FOUND).",
  },
});

export const ZSetEntitlementRequest = z.strictObject({
  orgId: z.string().meta({ description: "The follower's organization id." }),
  automationId: z.string().meta({ description: "The agent's or flow's id." }),
  // Literals, not z.boolean(): the OpenAPI adapter coerces boolean inputs ("false", null -> false).
  enabled: z
    .union([z.literal(true), z.literal(false)])
    .meta({ description: "The override: true enables, false disables (a JSON boolean)." }),
});
export type TSetEntitlementRequest = z.infer<typeof ZSetEntitlementRequest>;

export const ZSetEntitlementResponse = ZEntitlement;
