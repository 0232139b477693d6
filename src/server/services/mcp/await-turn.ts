import { db } from "@/server/db/client";
import { waitForTurnSettled } from "@/server/events/turn-settled";

/** How a turn stood when the MCP call stopped waiting for it. */
export type TTurnOutcome =
  | { status: "completed"; answer: string }
  | { status: "failed"; errorCode: string; errorMessage: string }
  | { status: "suspended"; approvalId: string | null; toolName: string | null }
  | { status: "running" };

export type TTurnProgress = { seq: number; type: string; message: string };

export type TAwaitTurnOptions = {
  sessionId: string;
  executionId: string;
  /** Events with a seq above this one are reported as progress. */
  afterSeq: number;
  /** Stop waiting at this time (epoch ms) and report the turn as still running. */
  deadline: number;
  signal?: AbortSignal;
  onProgress?: (progress: TTurnProgress) => Promise<void> | void;
};

/**
 * Waits until the turn settles (completed, failed or suspended for approval), the deadline
 * passes or the client goes away, reporting the session's new events as progress meanwhile.
 * The turn runs in this process or in a worker; the session hub follows its log for us (one
 * shared reader per session, woken by NOTIFY), so waiting costs no polling.
 */
export async function awaitTurn(options: TAwaitTurnOptions): Promise<TTurnOutcome> {
  const onProgress = options.onProgress;
  const { status } = await waitForTurnSettled({
    sessionId: options.sessionId,
    turnId: options.executionId,
    afterSeq: options.afterSeq,
    deadline: options.deadline,
    signal: options.signal,
    onEvent: onProgress
      ? async (event) => {
          const message = describeEvent(event.type, event.data);
          if (message) await onProgress({ seq: event.seq, type: event.type, message });
        }
      : undefined,
  });
  if (status === "running" || status === "gone") return { status: "running" };
  return readOutcome(options.executionId, status);
}

function field(data: unknown, ...keys: string[]): string | null {
  if (!data || typeof data !== "object") return null;
  for (const key of keys) {
    const value = (data as Record<string, unknown>)[key];
    if (typeof value === "string" && value) return value;
  }
  return null;
}

/** A person-readable line per event; deltas are skipped (the answer comes whole at the end). */
export function describeEvent(type: string, data: unknown): string | null {
  const tool = field(data, "toolName", "tool", "name") ?? "a tool";
  switch (type) {
    case "turn.started":
      return "The agent started working on the message.";
    case "tool_call.started":
      return `Calling ${tool}.`;
    case "tool_call.finished":
      return `${tool} finished.`;
    case "turn.suspended":
      return `Waiting for approval to call ${tool}.`;
    case "turn.completed":
      return "The agent finished.";
    case "caller_credential.failed":
      return "A caller credential was refused.";
    case "budget.failed":
      return "The organization's model budget is exhausted.";
    case "message.delta":
    case "session.changed":
      return null;
    default:
      return type;
  }
}

async function readOutcome(turnId: string, status: "completed" | "failed" | "suspended"): Promise<TTurnOutcome> {
  if (status === "completed") {
    const messages = await db().sessionMessage.findMany({
      where: { turnId, role: "ASSISTANT" },
      orderBy: { createdAt: "asc" },
      select: { body: true },
    });
    return { status: "completed", answer: messages.map((message) => message.body).join("\n\n") };
  }
  if (status === "failed") {
    const turn = await db().turn.findUniqueOrThrow({
      where: { id: turnId },
      select: { errorCode: true, errorMessage: true },
    });
    return {
      status: "failed",
      errorCode: turn.errorCode ?? "TURN_FAILED",
      errorMessage: turn.errorMessage ?? "The turn failed.",
    };
  }
  const approval = await db().approval.findFirst({
    where: { turnId, status: "PENDING" },
    orderBy: { createdAt: "desc" },
    select: { id: true, toolName: true },
  });
  return { status: "suspended", approvalId: approval?.id ?? null, toolName: approval?.toolName ?? null };
}
