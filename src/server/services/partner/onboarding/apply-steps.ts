import type { TKnowledgeSelection } from "@/contracts/agents/setup";
import type { TFlowGraph } from "@/contracts/flows/graph";
import type { TTransaction } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import { ZRevisionSetup } from "@/server/services/agents/revision-snapshot";
import { ZFlowRevisionSetup } from "@/server/services/flows/flow-revision";
import type { TBlueprintAutomation } from "@/server/services/partner/templates/blueprint";
import type { TOnboardingPlan } from "./blueprint";

/** Whom and where a step writes for. */
export type TStepTarget = { organizationId: string; ownerUserId: string; plan: TOnboardingPlan; changeNote: string };

/** Knowledge selections are not copied: the customer has no knowledge of its own yet. */
// The stored revision's selection, as ZKnowledgeSelection reads it back (knowledge is not copied).
const NO_KNOWLEDGE: TKnowledgeSelection = { mode: "none", moduleIds: [] };

/** Every planned domain, with the owner as its domain Owner (domain rights come only from domain roles). */
export async function applyDomains(tx: TTransaction, target: TStepTarget): Promise<void> {
  for (const domain of target.plan.domains) {
    const row = await tx.domain.upsert({
      where: { organizationId_slug: { organizationId: target.organizationId, slug: domain.slug } },
      create: { organizationId: target.organizationId, name: domain.name, slug: domain.slug },
      update: {},
      select: { id: true },
    });
    await tx.domainMembership.upsert({
      where: { domainId_userId: { domainId: row.id, userId: target.ownerUserId } },
      create: { domainId: row.id, userId: target.ownerUserId, role: "OWNER" },
      update: {},
    });
  }
}

/**
 * One template automation, created with its published revision 1 (the release's Setup and
 * belt). `templateKey` is unique per organization: an automation already there is left alone.
 */
export async function applyAutomation(
  tx: TTransaction,
  target: TStepTarget,
  entry: TBlueprintAutomation,
): Promise<void> {
  const existing = await tx.automation.findUnique({
    where: { organizationId_templateKey: { organizationId: target.organizationId, templateKey: entry.key } },
    select: { id: true },
  });
  if (existing) return;
  const planned =
    target.plan.domains.find((domain) => domain.key === entry.domainKey) ??
    target.plan.domains.find((domain) => domain.primary)!;
  const domain = await tx.domain.findUniqueOrThrow({
    where: { organizationId_slug: { organizationId: target.organizationId, slug: planned.slug } },
    select: { id: true },
  });
  const { draft, setup } = entry.kind === "AGENT" ? agentContent(entry) : await flowContent(tx, target, entry);
  const automation = await tx.automation.create({
    data: {
      organizationId: target.organizationId,
      domainId: domain.id,
      kind: entry.kind,
      name: entry.name,
      description: entry.description,
      ...draft,
      publishedRevision: 1,
      createdById: target.ownerUserId,
      templateKey: entry.key,
    },
    select: { id: true },
  });
  await tx.automationRevision.create({
    data: {
      automationId: automation.id,
      revision: 1,
      setup,
      belt: entry.belt as Prisma.InputJsonValue,
      knowledgeSelection: NO_KNOWLEDGE,
      changeNote: target.changeNote,
    },
  });
}

function agentContent(entry: TBlueprintAutomation) {
  const setup = ZRevisionSetup.parse(entry.setup);
  return { draft: { ...setup, knowledgeMode: "NONE" as const }, setup: setup as Prisma.InputJsonValue };
}

/** A flow's agent steps point at the source organization's agents: point them at this customer's copies. */
async function flowContent(tx: TTransaction, target: TStepTarget, entry: TBlueprintAutomation) {
  const setup = ZFlowRevisionSetup.parse(entry.setup);
  const copies = await tx.automation.findMany({
    where: { organizationId: target.organizationId, templateKey: { not: null } },
    select: { id: true, templateKey: true },
  });
  const copyOf = new Map(copies.map((copy) => [copy.templateKey!, copy.id]));
  const graph: TFlowGraph = {
    ...setup.graph,
    steps: setup.graph.steps.map((step) =>
      step.kind === "agent" && copyOf.has(step.automationId)
        ? { ...step, automationId: copyOf.get(step.automationId)! }
        : step,
    ),
  };
  const revisionSetup = { ...setup, graph };
  return {
    draft: { flowGraph: graph as Prisma.InputJsonValue, bindingPolicies: setup.bindingPolicies },
    setup: revisionSetup as Prisma.InputJsonValue,
  };
}

/** The platform's default standing per template automation; a partner override is never touched. */
export async function applyEntitlements(tx: TTransaction, target: TStepTarget): Promise<void> {
  const copies = await tx.automation.findMany({
    where: { organizationId: target.organizationId, templateKey: { not: null } },
    select: { id: true, templateKey: true },
  });
  const idOf = new Map(copies.map((copy) => [copy.templateKey!, copy.id]));
  for (const entry of target.plan.automations) {
    const automationId = idOf.get(entry.key);
    if (!automationId) continue;
    await tx.automationEntitlement.upsert({
      where: { automationId },
      create: { automationId, organizationId: target.organizationId, defaultEnabled: entry.defaultEnabled },
      update: { defaultEnabled: entry.defaultEnabled },
    });
  }
}
