import type { operations } from "../generated/v1.schema.js";
import { ApiError, apiErrorFrom } from "./errors.js";
import { retryAfterMs, retryDelayMs, shouldRetry, sleep } from "./retry.js";
import { SseParser } from "./sse.js";
import type { Transport } from "./transport.js";

/** The session details `GET /agents/sessions/{sessionId}` answers, which every snapshot carries. */
export type SessionDetails = operations["sessions-get"]["responses"][200]["content"]["application/json"];

/** The logged event types (spec 6.1); new ones may appear, so unknown names still parse. */
export type SessionEventType =
  | "turn.started"
  | "message.delta"
  | "tool_call.started"
  | "tool_call.finished"
  | "caller_credential.failed"
  | "budget.failed"
  | "file.added"
  | "turn.suspended"
  | "turn.completed"
  | "session.changed";

type Envelope<E extends string, D> = { v: 1; sessionId: string; seq: number; ts: string; event: E; data: D };

/** The session's state: first frame of every connection, and again after each reconnect. */
export type SnapshotEnvelope = Envelope<"snapshot", SessionDetails>;
/** The resume point was not in the log: a fresh snapshot follows; re-read anything you cached. */
export type StreamResetEnvelope = Envelope<
  "stream.reset",
  { reason: "last_event_id_unavailable"; lastEventId: string }
>;
export type SessionEventEnvelope = Envelope<SessionEventType, Record<string, unknown>>;
/** Every frame the iterator yields, narrowed by `event`. */
export type SessionStreamEnvelope = SnapshotEnvelope | StreamResetEnvelope | SessionEventEnvelope;

export type SessionStreamOptions = {
  /** Resume strictly after this seq (a `seq` you already processed). */
  lastEventId?: string | number;
  /** Stops the stream: the iterator ends without an error. */
  signal?: AbortSignal;
  /** Wait before reconnecting after a dropped connection; default the server's `retry:` (2 s). */
  reconnectDelayMs?: number;
  /** Reconnect when nothing (not even a heartbeat, every 25 s) arrived for this long; default 60 s. */
  idleTimeoutMs?: number;
  /** Failed connects in a row before the iterator throws; default 10 (as the Python SDK). */
  maxConnectAttempts?: number;
  /**
   * Also yield the snapshot each reconnect starts with; default false (as the Python SDK): the
   * events after the cursor follow it, so the first snapshot and the events are the whole story.
   */
  resumeSnapshots?: boolean;
  headers?: Record<string, string>;
  /** `X-Service-Subject` for this stream only (partner tenant routes), over the client's `subject`. */
  subject?: string;
};

/**
 * Follows a session's stream as typed envelopes. It reconnects by itself when the connection
 * drops (sending Last-Event-ID, so the service resumes strictly after the last seq yielded:
 * nothing lost, nothing twice), yields the first snapshot (a resumed connection's only with
 * `resumeSnapshots`), passes `stream.reset` on and the fresh snapshot after it, and ends quietly when
 * `signal` aborts or the consumer stops iterating. A 404 or another answer that retrying
 * cannot change is thrown as ApiError.
 */
export async function* followSessionStream(
  transport: Transport,
  sessionId: string,
  options: SessionStreamOptions = {},
  /** Where the stream is served: the v1 path by default; the partner tenant route passes its own. */
  path = `/agents/sessions/${encodeURIComponent(sessionId)}/stream`,
): AsyncGenerator<SessionStreamEnvelope, void, undefined> {
  let cursor = options.lastEventId === undefined ? undefined : String(options.lastEventId);
  let reconnectDelay = options.reconnectDelayMs;
  const idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
  const maxConnectAttempts = options.maxConnectAttempts ?? 10;
  let failures = 0;
  let snapshotSeen = false;
  let afterReset = false;
  const url = transport.url(path);
  const outer = options.signal;

  while (!outer?.aborted) {
    const connection = new AbortController();
    const abortConnection = () => connection.abort(outer?.reason);
    outer?.addEventListener("abort", abortConnection, { once: true });
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    const touch = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => connection.abort(new Error("stream idle")), idleTimeoutMs);
    };
    let delay: number | undefined;
    let connected = false;
    try {
      const headers = await transport.headers({
        ...options.headers,
        ...(options.subject ? { "x-service-subject": options.subject } : {}),
        accept: "text/event-stream",
      });
      if (cursor !== undefined) headers.set("last-event-id", cursor);
      touch();
      let response: Response;
      try {
        response = await transport.fetch(url, { method: "GET", headers, signal: connection.signal });
      } catch (error) {
        if (outer?.aborted) return;
        throw new StreamDrop(error);
      }
      if (!response.ok) {
        const error = await apiErrorFrom(response, headers.get("x-request-id") ?? "");
        if (!shouldRetry(error, "default")) throw error;
        delay = retryAfterMs(response.headers.get("retry-after")) ?? undefined;
        throw new StreamDrop(error);
      }
      connected = true;
      failures = 0;
      const parser = new SseParser();
      const decoder = new TextDecoder();
      const reader = response.body!.getReader();
      try {
        for (;;) {
          let chunk: ReadableStreamReadResult<Uint8Array>;
          try {
            chunk = await reader.read();
          } catch (error) {
            if (outer?.aborted) return;
            throw new StreamDrop(error);
          }
          if (chunk.done) break;
          touch();
          for (const message of parser.push(decoder.decode(chunk.value, { stream: true }))) {
            if (message.retry !== undefined && options.reconnectDelayMs === undefined) reconnectDelay = message.retry;
            if (message.data === "") continue;
            const envelope = JSON.parse(message.data) as SessionStreamEnvelope;
            if (envelope.event === "snapshot" || envelope.event === "stream.reset") {
              // Their seq is the resume point (or the log's end after a reset): the cursor moves to it.
              cursor = String(envelope.seq);
              if (envelope.event === "stream.reset") afterReset = true;
              else {
                const fresh = !snapshotSeen || afterReset;
                snapshotSeen = true;
                afterReset = false;
                if (!fresh && !options.resumeSnapshots) continue;
              }
            } else {
              // A logged event at or before the cursor was already yielded: never twice.
              if (cursor !== undefined && envelope.seq <= Number(cursor)) continue;
              cursor = String(envelope.seq);
            }
            yield envelope;
            if (outer?.aborted) return;
          }
        }
      } finally {
        // The consumer stopped early, or the stream ended: release the connection either way.
        await reader.cancel().catch(() => undefined);
      }
      // The server closed the stream (a restart, a deploy): follow on after the usual pause.
    } catch (error) {
      if (!(error instanceof StreamDrop)) throw error;
      if (connected) {
        // A stream that was flowing and broke: reconnect after the server's `retry:` pause.
        delay ??= reconnectDelay ?? 2_000;
      } else {
        failures += 1;
        if (failures >= maxConnectAttempts) throw error.cause instanceof ApiError ? error.cause : error;
        delay ??= retryDelayMs(failures - 1, transport.retry, null) ?? 0;
      }
    } finally {
      clearTimeout(idleTimer);
      outer?.removeEventListener("abort", abortConnection);
    }
    try {
      await sleep(delay ?? reconnectDelay ?? 2_000, outer);
    } catch {
      return;
    }
  }
}

/** A connection that failed or broke in a way a reconnect can fix. */
class StreamDrop extends Error {
  constructor(cause: unknown) {
    super(`session stream dropped: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}
