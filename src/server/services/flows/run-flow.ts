import { z } from "zod";
import type { TRunFlowRequest, TRunFlowResponse } from "@/contracts/flows/runs";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { visibleTools } from "@/server/integrations/catalog";
import { createTestRunRevision } from "@/server/services/revisions/test-run-revision";
import { authorizeFlow } from "@/server/services/automations/automation-access";
import { getPublishedFlowRevision } from "./get-published-flow-revision";
import { verifiedFlowDraft } from "./publish-flow";
import { startSession } from "@/server/services/sessions/start-sessions";
import { flowRunStart } from "./start-flow-run";

/** The run's input against the revision's input schema (the same reader validation uses). */
function checkInput(inputSchema: Record<string, unknown>, input: unknown): void {
  const schema = z.fromJSONSchema(inputSchema as Parameters<typeof z.fromJSONSchema>[0]);
  const parsed = schema.safeParse(input);
  if (parsed.success) return;
  const issue = parsed.error.issues[0]!;
  throw new AppError(
    "VALIDATION",
    `The input does not match the flow's input schema: ${issue.path.length ? `${issue.path.join(".")}: ` : ""}${issue.message}.`,
    {
      details: {
        issues: parsed.error.issues.map((item) => ({
          path: item.path.join("."),
          message: item.message,
          code: item.code,
        })),
      },
    },
  );
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
  const { sessionId, executionId, flowRunId } = await db().$transaction((tx) =>
    startSession(tx, {
      organizationId: flow.organizationId,
      domainId: flow.domainId,
      automationId: flow.id,
      revision: revision.revision,
      ...flowRunStart(request.input),
      ownerId: actor.userId,
      origin: "CONSOLE",
      title: `Run of ${flow.name}`,
    }),
  );
  return { sessionId, executionId, flowRunId: flowRunId!, revision: revision.revision, testRun: false };
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
  const started = await db().$transaction(async (tx) => {
    const draft = await verifiedFlowDraft(tx, flow, tools, "test-run");
    checkInput(draft.graph.inputSchema, request.input);
    const revision = await createTestRunRevision(tx, flow.id, actor.userId, draft.content);
    const run = await startSession(tx, {
      organizationId: flow.organizationId,
      domainId: flow.domainId,
      automationId: flow.id,
      revision,
      ...flowRunStart(request.input),
      ownerId: actor.userId,
      origin: "CONSOLE",
      title: `Test run of ${draft.name}`,
    });
    return { sessionId: run.sessionId, executionId: run.executionId, flowRunId: run.flowRunId!, revision };
  });
  return { ...started, testRun: true };
}
