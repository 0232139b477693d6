import { db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import { AppError } from "@/server/errors";
import { ZTemplateBlueprint, type TTemplateBlueprint } from "./blueprint";
import {
  defaultPrimaryDomain,
  readTemplateSource,
  type TSourceAutomation,
  type TSourceDomain,
} from "./template-source";
import { lockTemplate, templateNotFound } from "./to-template";

export type TPublishTemplateReleaseOptions = {
  templateId: string;
  /** The follower's primary domain; default: the source domain holding the most published automations. */
  primaryDomainId?: string;
  /** Published automations that start disabled in a new customer (the platform's default entitlement). */
  disabledAutomationIds?: string[];
};

function choosePrimary(domains: TSourceDomain[], primaryDomainId: string | undefined): TSourceDomain {
  if (primaryDomainId) {
    const chosen = domains.find((domain) => domain.id === primaryDomainId);
    if (!chosen)
      throw new AppError("VALIDATION", "The primary domain must be a domain of the template's source organization.");
    return chosen;
  }
  const fallback = defaultPrimaryDomain(domains);
  if (!fallback)
    throw new AppError(
      "CONFLICT",
      "The source organization has no domain: create one there before publishing a release.",
    );
  return fallback;
}

function blueprintOf(
  domains: TSourceDomain[],
  automations: TSourceAutomation[],
  primary: TSourceDomain,
  disabled: Set<string>,
): TTemplateBlueprint {
  const used = new Set(automations.map((automation) => automation.domainId));
  return ZTemplateBlueprint.parse({
    version: 1,
    domains: domains
      .filter((domain) => used.has(domain.id) || domain.id === primary.id)
      .map((domain) => ({ key: domain.id, name: domain.name, primary: domain.id === primary.id })),
    automations: automations.map((automation) => ({
      key: automation.id,
      kind: automation.kind,
      domainKey: automation.domainId,
      name: automation.name,
      description: automation.description,
      revision: automation.revision,
      setup: automation.setup,
      belt: automation.belt,
      defaultEnabled: !disabled.has(automation.id),
    })),
  });
}

/**
 * Publishes the next release of a template: a snapshot of the source organization's published
 * agents and flows and its domain layout, version = previous + 1. The template's row lock
 * makes concurrent publishes take turns, so versions never collide.
 */
export async function publishTemplateRelease({
  templateId,
  primaryDomainId,
  disabledAutomationIds = [],
}: TPublishTemplateReleaseOptions) {
  return db().$transaction(async (tx) => {
    await lockTemplate(tx, templateId);
    const template = await tx.partnerTemplate.findUnique({
      where: { id: templateId },
      select: { sourceOrganizationId: true },
    });
    if (!template) throw templateNotFound();
    const { domains, automations } = await readTemplateSource(tx, template.sourceOrganizationId);
    const unknown = disabledAutomationIds.filter((id) => !automations.some((automation) => automation.id === id));
    if (unknown.length)
      throw new AppError(
        "VALIDATION",
        "Only published agents and flows of the source organization can start disabled.",
        { details: { unknown } },
      );
    const blueprint = blueprintOf(
      domains,
      automations,
      choosePrimary(domains, primaryDomainId),
      new Set(disabledAutomationIds),
    );
    const latest = await tx.templateRelease.aggregate({ where: { templateId }, _max: { version: true } });
    const version = (latest._max.version ?? 0) + 1;
    const release = await tx.templateRelease.create({
      data: { templateId, version, blueprint: blueprint as Prisma.InputJsonValue },
      select: { id: true },
    });
    return { releaseId: release.id, version };
  });
}
