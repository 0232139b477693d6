import type { CallToolResult, ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { TUserActor } from "@/server/auth/actor";
import { env } from "@/server/env";
import { findAppError } from "@/server/errors";
import { log } from "@/server/log";
import { awaitTurn, type TTurnProgress } from "@/server/services/mcp/await-turn";
import type { TAgentTool } from "@/server/services/mcp/list-agent-tools";
import { startTurn, type TAgentToolInput } from "@/server/services/mcp/start-turn";
import { refusalResult, turnResult } from "./tool-result";

export type TToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * Progress notifications for clients that asked for them (a progressToken in _meta). A client
 * that went away must not fail the call: the turn goes on, and its result is in the session.
 */
function progressReporter(extra: TToolExtra): ((progress: TTurnProgress) => Promise<void>) | undefined {
  const progressToken = extra._meta?.progressToken;
  if (progressToken === undefined) return undefined;
  let sent = 0;
  return async ({ message }) => {
    sent += 1;
    await extra
      .sendNotification({ method: "notifications/progress", params: { progressToken, progress: sent, message } })
      .catch(() => undefined);
  };
}

/**
 * One tools/call: start (or continue) the agent's session, wait a bounded time for the turn,
 * and answer with what happened. Refusals of the service become MCP tool errors with their code.
 */
export async function callAgentTool(
  actor: TUserActor,
  tool: TAgentTool,
  input: TAgentToolInput,
  extra: TToolExtra,
  requestSignal?: AbortSignal,
): Promise<CallToolResult> {
  try {
    const started = await startTurn(actor, tool, input);
    const outcome = await awaitTurn({
      sessionId: started.sessionId,
      executionId: started.executionId,
      afterSeq: started.afterSeq,
      deadline: Date.now() + env.MCP_TURN_WAIT_SECONDS * 1000,
      signal: requestSignal ? AbortSignal.any([extra.signal, requestSignal]) : extra.signal,
      onProgress: progressReporter(extra),
    });
    return turnResult(
      { toolName: tool.toolName, sessionId: started.sessionId, executionId: started.executionId },
      outcome,
    );
  } catch (error) {
    const appError = findAppError(error);
    if (appError) return refusalResult(appError.code, appError.message, input.sessionId ?? null);
    log.error("MCP tools/call failed", { error, agentId: tool.agentId, userId: actor.userId });
    return refusalResult(
      "INTERNAL",
      `The service could not run the agent (at ${new Date().toISOString()}). Try again; if it keeps failing, report this time.`,
      input.sessionId ?? null,
    );
  }
}
