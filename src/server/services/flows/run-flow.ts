import { z } from "zod";
import type { TRunFlowRequest, TRunFlowResponse } from "@/contracts/flows/runs";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { turnQueue } from "@/server/engine/jobs";
import { AppError } from "@/server/errors";
import type { Prisma } from "@/server/db/generated/client";
import { visibleTools } from "@/server/integrations/catalog";
import { parseBindingPolicies } from "@/server/services/agents/draft";
import { createTestRunRevision, lockAutomation } from "@/server/services/revisions/test-run-revision";
import { checkGraph } from "./check-draft";
import { authorizeFlow } from "./flow-access";
import type { TFlowRevisionSetup } from "./flow-revision";
import { getPublishedFlowRevision } from "./get-published-flow-revision";
import { graphRefusal } from "./publish-flow";
import { startFlowRun } from "./start-flow-run";

/** The run's input against the revision's input schema (the same reader validation uses). */
function checkInput(inputSchema: Record<string, unknown>, input: unknown): void {
  const schema = z.fromJSONSchema(inputSchema as Parameters<typeof z.fromJSONSchema>[0]);
  const parsed = schema.safeParse(input);
  if (parsed.success) return;
  const issue = parsed.error.issues[0]!;
  throw new AppError("VALIDATION", `The input does not match the flow's input schema: ${issue.path.length ? `${issue.path.join(".")}: ` : ""}${issue.message}.`, {
    details: { issues: parsed.error.issues.map((item) => ({ path: item.path.join("."), message: item.message, code: item.code })) },
  });
}

/**
 * The console's Run: starts the flow's newest revision with the given input, as the
 * signed-in person, without caller material (spec 5 rule 7). Needs the domain's `execute`
 * permission; a never-published flow is 409 CONFLICT.
 */
export async function runFlowByHand(actor: TUserActor, request: TRunFlowRequest): Promise<TRunFlowResponse> {
  const flow = await authorizeFlow(actor, request.id, "execute");
  const revision = await getPublishedFlowRevision(flow.id);
  if (!revision) throw new AppError("CONFLICT", "This flow has never been published: publish it before running it.");
  checkInput(revision.graph.inputSchema, request.input);
  const boss = await turnQueue();
  const started = await db().$transaction((tx) =>
    startFlowRun(tx, boss, {
      organizationId: flow.organizationId,
      domainId: flow.domainId,
      automationId: flow.id,
      revision: revision.revision,
      input: request.input,
      ownerId: actor.userId,
      origin: "console",
    }),
  );
  const turn = await db().turn.findFirstOrThrow({ where: { sessionId: started.sessionId }, select: { id: true } });
  return { ...started, executionId: turn.id, revision: revision.revision, testRun: false };
}

/**
 * The console's Test run: the current draft document, validated as publish validates it
 * (findings are 422 VALIDATION with details.findings), snapshotted as a negative revision
 * under the flow's row lock and started in the same transaction. Needs `edit_automation`.
 */
export async function testRunFlow(actor: TUserActor, request: TRunFlowRequest): Promise<TRunFlowResponse> {
  const flow = await authorizeFlow(actor, request.id, "edit_automation");
  // Outside the transaction: the embedded database has one connection, which it holds.
  const tools = await visibleTools(actor.orgId);
  const boss = await turnQueue();
  const started = await db().$transaction(async (tx) => {
    await lockAutomation(tx, flow.id);
    const row = await tx.automation.findUniqueOrThrow({ where: { id: flow.id }, select: { name: true, flowGraph: true, bindingPolicies: true } });
    const bindingPolicies = parseBindingPolicies(row.bindingPolicies);
    const validation = await checkGraph(tx, flow, row.flowGraph, bindingPolicies, tools);
    if (validation.findings.length || !validation.graph) throw graphRefusal(validation.findings, "test-run");
    checkInput(validation.graph.inputSchema, request.input);
    const setup: TFlowRevisionSetup = { graph: validation.graph, bindingPolicies };
    const revision = await createTestRunRevision(tx, flow.id, actor.userId, {
      setup: setup as unknown as Prisma.InputJsonObject,
      belt: validation.plannedBelt,
      knowledgeSelection: { mode: "none", moduleIds: [] },
    });
    const run = await startFlowRun(tx, boss, {
      organizationId: flow.organizationId,
      domainId: flow.domainId,
      automationId: flow.id,
      revision,
      input: request.input,
      ownerId: actor.userId,
      origin: "console",
      title: `Test run of ${row.name}`,
    });
    return { ...run, revision };
  });
  const turn = await db().turn.findFirstOrThrow({ where: { sessionId: started.sessionId }, select: { id: true } });
  return { ...started, executionId: turn.id, testRun: true };
}
