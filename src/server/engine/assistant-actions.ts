import type { TActionClass } from "@/contracts/assistant/actions";
import { db } from "@/server/db/client";
import { appendEvent } from "@/server/execution/event-log";
import { failParkedCall, insertProposedCall, takeApprovedCall } from "@/server/execution/parked-calls";
import type { TModelToolCall } from "@/server/models/types";
import { workspaceTool } from "@/server/integrations/workspace/definitions";
import {
  actingWorkerOf,
  policyModeFor,
  proposeAction,
  settleActionOfCall,
  type TActingWorker,
} from "@/server/services/assistant/actions/propose-action";
import { workerAccessToken } from "@/server/services/assistant/connections/access-token";
import { executeToolCall, failInterruptedCall, takeIndex } from "./tool-calls";
import { loadTurnContext, readTurnForClaim, type TTurnContext } from "./turn-context";

/** The action class of a tool: a mail or calendar tool's own, else what the agent's Setup gives it. */
export function actionClassOf(context: TTurnContext, toolName: string): TActionClass | null {
  const workspace = workspaceTool(toolName);
  if (workspace) return workspace.actionClass;
  return context.revision.setup.actionClasses[toolName] ?? null;
}

/**
 * The assistant worker whose conversation this turn is, when it matters: the revision has
 * classified tools or mail and calendar tools (otherwise the worker is not even looked up).
 * The turn then acts with the worker's own connections.
 */
export async function actingWorkerFor(context: TTurnContext): Promise<TActingWorker | null> {
  const matters =
    Object.keys(context.revision.setup.actionClasses).length > 0 ||
    [...context.tools.keys()].some((name) => workspaceTool(name));
  if (!matters) return null;
  const worker = await actingWorkerOf(context.sessionId, context.turnId);
  if (worker) {
    context.workspace = {
      connection: (provider, forceRefresh) => workerAccessToken({ workerId: worker.workerId, provider, forceRefresh }),
      selfEmail: worker.email,
    };
  }
  return worker;
}

/**
 * One classified tool call of a worker's assistant (spec 4.8), decided by the worker's policy
 * before anything runs:
 * - `allow`: the call runs now; its action is recorded with the RUNNING call and settled with it;
 * - `never`: refused in code, the call recorded FAILED `ACTION_NOT_ALLOWED` (the model is told);
 * - `ask`: the call waits (AWAITING_APPROVAL) with an approval. The turn does not: the model is
 *   told the action awaits the end user and goes on, so a conversation never blocks on a
 *   decision that may take days. The decision later runs, drops or revises the action.
 */
export async function runAction(
  context: TTurnContext,
  worker: TActingWorker,
  call: TModelToolCall,
  action: TActionClass,
): Promise<void> {
  const mode = await policyModeFor(worker.workerId, action);
  const proposal = { worker, turnId: context.turnId, toolName: call.name, args: call.args, action, mode };
  if (mode === "allow") {
    await executeToolCall(context, call, undefined, {
      started: (tx, toolCallId) => proposeAction(tx, { ...proposal, toolCallId }).then(() => undefined),
      finished: settleActionOfCall,
    });
    return;
  }
  const offered = context.tools.get(call.name)!;
  const index = await takeIndex(context);
  await db().$transaction(async (tx) => {
    const refused = mode === "never";
    const toolCallId = await insertProposedCall(tx, context, {
      index,
      toolName: call.name,
      integrationId: offered.integration.id,
      args: call.args as object,
      refusal: refused ? `The worker's policy never allows ${action}; it was not run.` : null,
    });
    await proposeAction(tx, { ...proposal, toolCallId });
    if (refused) {
      await appendEvent(tx, context.sessionId, "tool_call.finished", {
        executionId: context.turnId,
        toolCallId,
        name: call.name,
        status: "failed",
        errorCode: "ACTION_NOT_ALLOWED",
      });
    }
  });
}

/**
 * Runs an approved action (the `assistant-action` job): the parked call, with the arguments the
 * decision left on it (edited_args when given), on the tools of the revision that proposed it.
 * Runs at most once: a call found RUNNING was started by a job that died, and fails as
 * interrupted instead of running again.
 */
export async function runApprovedAction(actionId: string): Promise<void> {
  const action = await db().assistantAction.findUnique({
    where: { id: actionId },
    select: {
      state: true,
      approval: { select: { decision: true } },
      toolCall: { select: { id: true, status: true, toolName: true, args: true, turnId: true, sessionId: true } },
    },
  });
  if (!action || action.state !== "PENDING" || action.approval?.decision !== "APPROVE") return;
  const call = action.toolCall;
  const target = { sessionId: call.sessionId, turnId: call.turnId, toolCallId: call.id, name: call.toolName };
  if (call.status === "RUNNING") {
    await db().$transaction((tx) => failInterruptedCall(tx, target));
    return;
  }
  if (call.status !== "AWAITING_APPROVAL") return;
  const claimed = await db().$transaction((tx) => readTurnForClaim(tx, call.turnId));
  const context = claimed && (await loadTurnContext(claimed));
  if (context) await actingWorkerFor(context);
  if (!context?.tools.has(call.toolName)) {
    await db().$transaction(async (tx) => {
      const message = `The tool ${call.toolName} is no longer available to the assistant, so the approved action could not run.`;
      await failParkedCall(tx, call.id, "TOOL_NOT_AVAILABLE", message);
      await settleActionOfCall(tx, call.id, { ok: false, code: "TOOL_NOT_AVAILABLE", message });
    });
    return;
  }
  if (!(await takeApprovedCall(db(), call.id))) return;
  await executeToolCall(
    context,
    { id: call.id, name: call.toolName, args: call.args as Record<string, unknown> },
    call.id,
    { finished: settleActionOfCall },
  );
}
