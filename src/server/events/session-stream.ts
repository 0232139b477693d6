import { offDrain, onDrain, type TDrainable } from "@/server/lifecycle/draining";
import { log } from "@/server/log";
import { countOpenStream } from "@/server/observability/metrics";
import { readableFrom, type TByteSink, type TByteSource } from "./byte-sink";
import { lastSeqOf, type TLoggedEvent } from "./read-events";
import { sessionHub, type TFollowHandle, type TFollower } from "./session-hub";
import { DRAIN_RETRY_FRAME, encodeFrame, envelope, HEARTBEAT_FRAME, RETRY_FRAME } from "./sse";
import { startTicking, stopTicking, type TTicking } from "./ticker";

export const DEFAULT_HEARTBEAT_MS = 25_000;

export type TSessionStreamOptions = {
  sessionId: string;
  /** Last-Event-ID as the client sent it (header, or the `lastEventId` query parameter fallback). */
  lastEventId: string | null;
  /**
   * The session's last seq as read when the caller authorized the connect (saves a read), or
   * omitted to read it here; null means the session is gone.
   */
  lastSeq?: number | null;
  /** The authoritative session state; called after the seq was taken, so it reflects at least every event up to it. */
  snapshot: () => Promise<Record<string, unknown>>;
  /** Re-checked on every heartbeat: a caller who lost visibility stops receiving events. */
  stillVisible?: () => Promise<boolean>;
  heartbeatMs?: number;
};

export type TResumePoint =
  { kind: "fresh" } | { kind: "resume"; afterSeq: number } | { kind: "reset"; requested: string };

/**
 * Where a (re)connecting client continues. Events are kept for the session's lifetime, so any
 * seq up to the log's last one can be served; a seq beyond it (a client of another, deleted or
 * restored log) or a value that is not a seq cannot, and gets `stream.reset` + a fresh snapshot.
 */
export function resumePoint(lastEventId: string | null, lastSeq: number): TResumePoint {
  const raw = lastEventId?.trim();
  if (!raw) return { kind: "fresh" };
  if (!/^\d{1,10}$/.test(raw)) return { kind: "reset", requested: raw.slice(0, 40) };
  const seq = Number(raw);
  return seq <= lastSeq ? { kind: "resume", afterSeq: seq } : { kind: "reset", requested: raw };
}

const encoder = new TextEncoder();
// 10,000 streams on 1,000 sessions: each event is encoded once and its bytes shared by all
// the streams it is delivered to in the same batch (the hub hands them the same objects).
const encoded = new WeakMap<TLoggedEvent, Uint8Array>();
const heartbeatBytes = encoder.encode(HEARTBEAT_FRAME);
const drainBytes = encoder.encode(DRAIN_RETRY_FRAME);
const retryBytes = encoder.encode(RETRY_FRAME);

function frameOf(sessionId: string, event: TLoggedEvent): Uint8Array {
  let bytes = encoded.get(event);
  if (!bytes) {
    bytes = encoder.encode(encodeFrame(envelope(sessionId, event.seq, event.type, event.data, event.createdAt)));
    encoded.set(event, bytes);
  }
  return bytes;
}

/**
 * One open session stream: everything it holds while it is open, in one object. 10,000 held
 * streams per process are the target, so the stream is its own hub follower, heartbeat and
 * drainable (prototype methods, no closures per stream).
 */
class SessionEventFeed implements TFollower, TTicking, TDrainable {
  private done = false;
  private following: TFollowHandle | null = null;

  constructor(
    private readonly options: TSessionStreamOptions,
    private readonly sink: TByteSink,
  ) {}

  open(): void {
    countOpenStream(1);
    this.send(retryBytes);
    // Shutdown (SIGTERM): tell the client to reconnect elsewhere, then end the stream.
    onDrain(this);
    if (this.done) return;
    startTicking(this.heartbeatMs, this);
    this.start().catch((error: unknown) => {
      log.warn("session stream ended by an error; the client reconnects with Last-Event-ID", {
        sessionId: this.options.sessionId,
        err: (error as Error).message,
      });
      this.close();
    });
  }

  close(): void {
    if (this.done) return;
    this.done = true;
    countOpenStream(-1);
    offDrain(this);
    stopTicking(this.heartbeatMs, this);
    this.following?.close();
    this.sink.end();
  }

  onEvents(events: readonly TLoggedEvent[]): void {
    for (const event of events) this.send(frameOf(this.options.sessionId, event));
  }

  onEnd(): void {
    this.close();
  }

  tick(): void {
    this.send(heartbeatBytes);
    // Not awaited: the heartbeat goes out now; a failed visibility check keeps the stream open.
    this.options.stillVisible?.().then(
      (visible) => !visible && this.close(),
      () => undefined,
    );
  }

  drain(): void {
    this.send(drainBytes);
    this.close();
  }

  private get heartbeatMs(): number {
    return this.options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  }

  private send(bytes: Uint8Array): void {
    if (!this.done) this.sink.write(bytes);
  }

  private async start(): Promise<void> {
    const { sessionId } = this.options;
    const lastSeq = this.options.lastSeq !== undefined ? this.options.lastSeq : await lastSeqOf(sessionId);
    if (lastSeq === null || this.done) return this.close();
    const point = resumePoint(this.options.lastEventId, lastSeq);
    if (point.kind === "reset") {
      this.send(
        encoder.encode(
          encodeFrame(
            envelope(sessionId, lastSeq, "stream.reset", {
              reason: "last_event_id_unavailable",
              lastEventId: point.requested,
            }),
          ),
        ),
      );
    }
    const cursor = point.kind === "resume" ? point.afterSeq : lastSeq;
    // The state is read after lastSeq: it reflects at least every event up to `cursor`.
    const state = await this.options.snapshot();
    if (this.done) return;
    this.send(encoder.encode(encodeFrame(envelope(sessionId, cursor, "snapshot", state))));
    const hub = await sessionHub();
    if (this.done) return;
    this.following = hub.follow(sessionId, cursor, this);
  }
}

/**
 * The session stream (spec 6.1): `retry: 2000` at once, a `snapshot`, then every logged event
 * after the resume point in seq order, with a heartbeat comment while idle. Events come from
 * the process's session hub (one shared reader per session), so an idle stream costs the
 * database nothing; heartbeats run on one process-wide timer. Written to whatever sink reads it:
 * a web stream (sessionEventStream) or, for a held public stream, Node's response directly.
 */
export function sessionEventSource(options: TSessionStreamOptions): TByteSource {
  return (sink) => {
    const feed = new SessionEventFeed(options, sink);
    feed.open();
    return () => feed.close();
  };
}

/** The session stream as a web stream; the request's signal ends it when the client goes away. */
export function sessionEventStream(
  options: TSessionStreamOptions & { signal?: AbortSignal },
): ReadableStream<Uint8Array> {
  return readableFrom(sessionEventSource(options), options.signal);
}
