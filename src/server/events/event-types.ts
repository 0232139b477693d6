/**
 * The session stream's event types (spec 6.1). `snapshot` and `stream.reset` are produced by
 * the stream itself; all others are rows of the per-session event log.
 */
export const SESSION_EVENT_TYPES = [
  "turn.started",
  "message.delta",
  "tool_call.started",
  "tool_call.finished",
  "caller_credential.failed",
  "budget.failed",
  "file.added",
  "turn.suspended",
  "turn.completed",
  "session.changed",
] as const;

export type TSessionEventType = (typeof SESSION_EVENT_TYPES)[number];

/** The envelope version of every `data:` frame (`{ v, sessionId, seq, ts, event, data }`). */
export const STREAM_ENVELOPE_VERSION = 1;

/** The Postgres notification channel that wakes streams when a session's log grows. */
export const SESSION_EVENTS_CHANNEL = "session_events";
