import { z } from "zod";

/** A follower's standing for one of its automations (spec 4.7, entitlements). */
export const ZEntitlement = z
  .object({
    automationId: z.uuid().meta({ description: "The agent's or flow's id." }),
    kind: z.enum(["agent", "flow"]),
    name: z.string(),
    domainId: z.uuid(),
    default: z
      .boolean()
      .meta({ description: "The template's default (true for an automation the customer made itself)." }),
    override: z.boolean().nullable().meta({ description: "The platform's override; null when none is set." }),
    enabled: z.boolean().meta({
      description: "The resolved standing: override when set, otherwise default. A disabled automation never runs.",
    }),
  })
  .meta({ id: "Entitlement" });
export type TEntitlement = z.infer<typeof ZEntitlement>;

export const ZEntitlementPath = z.strictObject({
  orgId: z.string().meta({ description: "The follower's organization id." }),
  automationId: z.string().meta({ description: "The agent's or flow's id." }),
});
