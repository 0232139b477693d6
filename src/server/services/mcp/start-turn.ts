import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { openSession } from "@/server/services/sessions/open-session";
import { postMessage } from "@/server/services/sessions/post-message";
import type { TAgentTool } from "./list-agent-tools";

export type TAgentToolInput = { message: string; sessionId?: string };

export type TStartedTurn = { sessionId: string; executionId: string; afterSeq: number };

/**
 * Opens a session on the tool's agent, or continues one of its sessions, exactly as the run
 * routes do (same services, same checks), with origin MCP. A sessionId of another agent's
 * session is the uniform 404: one tool never drives another agent's conversation.
 */
export async function startTurn(actor: TUserActor, tool: TAgentTool, input: TAgentToolInput): Promise<TStartedTurn> {
  if (!input.sessionId) {
    const opened = await openSession(actor, { automationId: tool.agentId, message: input.message, origin: "mcp" });
    return { sessionId: opened.sessionId, executionId: opened.executionId, afterSeq: 0 };
  }
  const session = await db().agentSession.findUnique({
    where: { id: input.sessionId },
    select: { organizationId: true, automationId: true, lastSeq: true },
  });
  if (!session || session.organizationId !== actor.orgId || session.automationId !== tool.agentId)
    throw notFound("session");
  const posted = await postMessage(actor, { sessionId: input.sessionId, message: input.message });
  return { sessionId: input.sessionId, executionId: posted.executionId, afterSeq: session.lastSeq };
}
