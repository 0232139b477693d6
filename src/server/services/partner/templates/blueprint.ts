import { z } from "zod";

/**
 * What a template release stores in `TemplateRelease.blueprint` and what onboarding applies:
 * the source organization's domain layout (only domains that hold a published automation, plus
 * the primary) and its published agents and flows, each as its latest published revision.
 * Keys are the source ids, so re-applying a step finds what it already copied. This shape is a
 * contract with the onboarding side, which parses it with `ZTemplateBlueprint`.
 */
export const ZBlueprintDomain = z.object({
  key: z.string(),
  name: z.string(),
  primary: z.boolean(),
});

export const ZBlueprintAutomation = z.object({
  key: z.string(),
  kind: z.enum(["AGENT", "FLOW"]),
  domainKey: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  revision: z.number().int().positive(),
  /** `AutomationRevision.setup` exactly as stored. */
  setup: z.record(z.string(), z.unknown()),
  /** `AutomationRevision.belt` exactly as stored. */
  belt: z.array(z.unknown()),
  defaultEnabled: z.boolean(),
});

export const ZTemplateBlueprint = z
  .object({
    version: z.literal(1),
    domains: z.array(ZBlueprintDomain),
    automations: z.array(ZBlueprintAutomation),
  })
  .refine((blueprint) => blueprint.domains.filter((domain) => domain.primary).length === 1, {
    message: "A blueprint has exactly one primary domain",
  })
  .refine(
    (blueprint) =>
      blueprint.automations.every((automation) =>
        blueprint.domains.some((domain) => domain.key === automation.domainKey),
      ),
    {
      message: "Every automation's domainKey names a domain of the blueprint",
    },
  );

export type TBlueprintDomain = z.infer<typeof ZBlueprintDomain>;
export type TBlueprintAutomation = z.infer<typeof ZBlueprintAutomation>;
export type TTemplateBlueprint = z.infer<typeof ZTemplateBlueprint>;
