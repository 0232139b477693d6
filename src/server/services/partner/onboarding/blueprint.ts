import { z } from "zod";

/**
 * A template release's blueprint (TemplateRelease.blueprint), as the template services write it:
 * the source organization's domains (exactly one primary) and its published agents and flows,
 * each with its published Setup and belt and the platform's default entitlement.
 */
export const ZBlueprint = z.object({
  version: z.literal(1),
  domains: z.array(z.object({ key: z.string().min(1), name: z.string().min(1), primary: z.boolean() })),
  automations: z.array(
    z.object({
      key: z.string().min(1),
      kind: z.enum(["AGENT", "FLOW"]),
      domainKey: z.string().min(1),
      name: z.string().min(1),
      description: z.string().nullable(),
      revision: z.number().int(),
      setup: z.record(z.string(), z.unknown()),
      belt: z.array(z.unknown()),
      defaultEnabled: z.boolean(),
    }),
  ),
});
export type TBlueprint = z.infer<typeof ZBlueprint>;
export type TBlueprintAutomation = TBlueprint["automations"][number];

/** What a follower without a template gets: its primary domain and nothing else. */
export const EMPTY_BLUEPRINT: TBlueprint = { version: 1, domains: [{ key: "primary", name: "", primary: true }], automations: [] };

export type TPlannedDomain = { key: string; name: string; slug: string; primary: boolean };
export type TOnboardingPlan = { domains: TPlannedDomain[]; automations: TBlueprintAutomation[]; steps: string[] };

export const DOMAINS_STEP = "domains";
export const ENTITLEMENTS_STEP = "entitlements";
export const automationStep = (key: string) => `automation:${key}`;

function slugOf(name: string): string {
  return name.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 48) || "domain";
}

/**
 * The whole run, computed from the blueprint alone, so every attempt computes the same plan:
 * the same domain slugs (how later steps find their domain) and the same step names. Agents
 * come before flows, so a flow's agent steps can point at the customer's own copies.
 */
export function planOnboarding(blueprint: TBlueprint, domainName: string): TOnboardingPlan {
  const used = new Set<string>();
  const domains = blueprint.domains.map((domain) => {
    const name = domain.primary ? domainName : domain.name;
    const base = slugOf(name);
    let slug = base;
    for (let index = 2; used.has(slug); index++) slug = `${base}-${index}`;
    used.add(slug);
    return { key: domain.key, name, slug, primary: domain.primary };
  });
  const automations = [...blueprint.automations.filter((entry) => entry.kind === "AGENT"), ...blueprint.automations.filter((entry) => entry.kind === "FLOW")];
  const steps = [DOMAINS_STEP, ...automations.map((entry) => automationStep(entry.key)), ...(automations.length ? [ENTITLEMENTS_STEP] : [])];
  return { domains, automations, steps };
}
