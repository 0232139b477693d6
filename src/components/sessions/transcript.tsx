"use client";

import type { TSessionRunFactsResponse } from "@/contracts/session-console/session-run-facts";
import type { TSessionDetails } from "./types";
import type { TLiveText } from "./use-session-stream";
import { Badge, type TBadgeTone } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { formatDuration } from "./run-facts";
import { TurnFacts } from "./session-run-facts";
import styles from "./sessions.module.css";

type TTurn = TSessionDetails["turns"][number];
type TToolCall = TTurn["toolCalls"][number];

const TOOL_TONE: Record<TToolCall["status"], TBadgeTone> = {
  awaiting_approval: "brand",
  running: "neutral",
  succeeded: "success",
  failed: "danger",
  rejected: "muted",
};

function Json({ value }: { value: unknown }) {
  return <pre className={styles.json}>{JSON.stringify(value, null, 2)}</pre>;
}

/** Who decided an approval, how, and the comment they gave with it. */
function Decision({ decision }: { decision: NonNullable<TToolCall["decision"]> }) {
  const who = decision.decidedBy?.name ?? "a former member";
  return (
    <div className={styles.decision} data-testid="approval-decision">
      <span className={styles.meta}>
        {decision.decision === "approved" ? "Approved" : "Rejected"} by {who} · <DateTime value={decision.decidedAt} />
      </span>
      {decision.comment ? <blockquote className={styles.comment}>{decision.comment}</blockquote> : null}
    </div>
  );
}

/**
 * A tool call with its arguments and result as recorded (secrets are masked by the service).
 * While it awaits approval its arguments are in the approval panel, so they are not repeated here.
 */
function ToolCall({ call, durationMs }: { call: TToolCall; durationMs: number | null | undefined }) {
  const awaiting = call.status === "awaiting_approval";
  return (
    <div>
      <details className={styles.toolCall} aria-label={`Tool call ${call.name}`}>
        <summary>
          <code>{call.name}</code>
          <Badge tone={TOOL_TONE[call.status]}>{call.status.replace("_", " ")}</Badge>
          {call.errorCode ? <span className={styles.status}>{call.errorCode}</span> : null}
          {typeof durationMs === "number" ? (
            <span className={styles.status} data-testid="tool-call-duration">
              took {formatDuration(durationMs)}
            </span>
          ) : null}
          {awaiting ? <span className={styles.status}>arguments in the approval above</span> : null}
        </summary>
        {awaiting ? null : (
          <>
            <div className={styles.meta}>Arguments</div>
            <Json value={call.args} />
          </>
        )}
        {call.result !== null && call.result !== undefined ? (
          <>
            <div className={styles.meta}>Result</div>
            <Json value={call.result} />
          </>
        ) : null}
        {call.errorMessage ? <p className={styles.status}>{call.errorMessage}</p> : null}
      </details>
      {call.decision ? <Decision decision={call.decision} /> : null}
    </div>
  );
}

function Message({ message }: { message: TSessionDetails["messages"][number] }) {
  const who =
    message.role === "user"
      ? message.author
        ? message.author.isYou
          ? "You"
          : message.author.name
        : "Caller"
      : message.role === "assistant"
        ? "Agent"
        : "Service";
  return (
    <div className={`${styles.message} ${styles[message.role]}`} data-role={message.role}>
      <div className={styles.meta}>{who}</div>
      {message.body}
    </div>
  );
}

/**
 * The conversation in order: each user message, then the tool calls of the turn it started,
 * then the answer; a reply still being written shows its streamed text.
 */
export function Transcript({
  details,
  liveText,
  facts,
}: {
  details: TSessionDetails;
  liveText: Record<string, TLiveText>;
  /** The revision each turn ran and the timing of turns and tool calls, once loaded. */
  facts?: TSessionRunFactsResponse;
}) {
  const turns = new Map(details.turns.map((turn) => [turn.executionId, turn]));
  const turnFacts = new Map(facts?.turns.map((turn) => [turn.executionId, turn]));
  const callDurations = new Map(facts?.toolCalls.map((call) => [call.id, call.durationMs]));
  const answered = new Set(
    details.messages.filter((message) => message.role !== "user").map((message) => message.executionId),
  );
  const shownTurns = new Set<string>();
  const items: React.ReactNode[] = [];
  const showTurn = (executionId: string | null) => {
    if (!executionId || shownTurns.has(executionId)) return;
    const turn = turns.get(executionId);
    if (!turn) return;
    shownTurns.add(executionId);
    const timing = turnFacts.get(executionId);
    if (timing) items.push(<TurnFacts key={`turn-${executionId}`} turn={timing} />);
    for (const call of turn.toolCalls)
      items.push(<ToolCall key={call.id} call={call} durationMs={callDurations.get(call.id)} />);
  };
  for (const message of details.messages) {
    if (message.role !== "user") showTurn(message.executionId);
    items.push(<Message key={message.id} message={message} />);
    if (message.role === "user") showTurn(message.executionId);
  }
  const stored = new Set(details.messages.map((message) => message.id));
  for (const [key, { executionId, messageId, text }] of Object.entries(liveText)) {
    // Shown live until the message itself is stored (a step's text is stored before its tool calls run).
    if (!text || (messageId ? stored.has(messageId) : answered.has(executionId))) continue;
    items.push(
      <div
        key={`live-${key}`}
        className={`${styles.message} ${styles.assistant} ${styles.streaming}`}
        data-role="assistant"
        aria-live="polite"
      >
        <div className={styles.meta}>Agent is answering…</div>
        {text}
      </div>,
    );
  }
  return (
    <div className={styles.transcript} aria-label="Transcript">
      {items.length ? items : <p className={styles.status}>No messages yet.</p>}
    </div>
  );
}
