import type { TFlowFinding } from "@/contracts/flows/findings";
import type { TConsolePublishResponse } from "@/contracts/agents/publish-agent";
import type { TPublishFlowRequest } from "@/contracts/flows/requests";
import type { Prisma } from "@/server/db/generated/client";
import type { TUserActor } from "@/server/auth/actor";
import type { TTransaction } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { TVisibleTool } from "@/server/integrations/catalog";
import { parseBindingPolicies } from "@/server/services/agents/draft";
import { publishRevision } from "@/server/services/automations/publish-revision";
import { lockAutomation } from "@/server/services/revisions/test-run-revision";
import { checkGraph } from "./check-draft";
import type { TFlowRevisionSetup } from "./flow-revision";

/** Findings refuse a publish or a test run alike: 422 VALIDATION with details.findings. */
export function graphRefusal(findings: TFlowFinding[], action = "published"): AppError {
  const more = findings.length > 1 ? ` (and ${findings.length - 1} more)` : "";
  return new AppError("VALIDATION", `The flow cannot be ${action}: ${findings[0]!.message}${more}`, {
    status: 422,
    details: { findings },
  });
}

/**
 * The flow's name, its validated draft graph, and that draft as a revision's content, validated as publish
 * validates it, under the flow's row lock so the validated draft is the one snapshotted.
 * Shared by publish and Test run; findings throw the 422 of `graphRefusal`.
 */
export async function verifiedFlowDraft(
  tx: TTransaction,
  flow: { id: string; organizationId: string; domainId: string },
  tools: Map<string, TVisibleTool>,
  action = "published",
) {
  await lockAutomation(tx, flow.id);
  const row = await tx.automation.findUniqueOrThrow({
    where: { id: flow.id },
    select: { name: true, flowGraph: true, bindingPolicies: true },
  });
  const bindingPolicies = parseBindingPolicies(row.bindingPolicies);
  const validation = await checkGraph(tx, flow, row.flowGraph, bindingPolicies, tools);
  if (validation.findings.length || !validation.graph) throw graphRefusal(validation.findings, action);
  const setup: TFlowRevisionSetup = { graph: validation.graph, bindingPolicies };
  return {
    name: row.name,
    graph: validation.graph,
    content: {
      setup: setup as unknown as Prisma.InputJsonObject,
      belt: validation.plannedBelt,
      knowledgeSelection: { mode: "none", moduleIds: [] },
    },
  };
}

/**
 * Publishes the draft document as the next revision, as agents do; the flow's check is
 * `verifiedFlowDraft`. The answer names the published revision an unchanged draft repeats.
 */
export async function publishFlow(actor: TUserActor, input: TPublishFlowRequest): Promise<TConsolePublishResponse> {
  return publishRevision(
    "FLOW",
    actor,
    input,
    async (tx, flow, tools) => (await verifiedFlowDraft(tx, flow, tools)).content,
  );
}
