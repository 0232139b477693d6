import type { TBlueprintAutomation, TTemplateBlueprint } from "@/server/services/partner/templates/blueprint";

/** What a follower without a template gets: its primary domain and nothing else. */
export const EMPTY_BLUEPRINT: TTemplateBlueprint = {
  version: 1,
  domains: [{ key: "primary", name: "", primary: true }],
  automations: [],
};

export type TPlannedDomain = { key: string; name: string; slug: string; primary: boolean };
export type TOnboardingPlan = { domains: TPlannedDomain[]; automations: TBlueprintAutomation[]; steps: string[] };

export const DOMAINS_STEP = "domains";
export const ENTITLEMENTS_STEP = "entitlements";
export const automationStep = (key: string) => `automation:${key}`;

function slugOf(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 48) || "domain"
  );
}

/**
 * The whole run, computed from the blueprint alone, so every attempt computes the same plan:
 * the same domain slugs (how later steps find their domain) and the same step names. Agents
 * come before flows, so a flow's agent steps can point at the customer's own copies.
 */
export function planOnboarding(blueprint: TTemplateBlueprint, domainName: string): TOnboardingPlan {
  const used = new Set<string>();
  const domains = blueprint.domains.map((domain) => {
    const name = domain.primary ? domainName : domain.name;
    const base = slugOf(name);
    let slug = base;
    for (let index = 2; used.has(slug); index++) slug = `${base}-${index}`;
    used.add(slug);
    return { key: domain.key, name, slug, primary: domain.primary };
  });
  const automations = [
    ...blueprint.automations.filter((entry) => entry.kind === "AGENT"),
    ...blueprint.automations.filter((entry) => entry.kind === "FLOW"),
  ];
  const steps = [
    DOMAINS_STEP,
    ...automations.map((entry) => automationStep(entry.key)),
    ...(automations.length ? [ENTITLEMENTS_STEP] : []),
  ];
  return { domains, automations, steps };
}
