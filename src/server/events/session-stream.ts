import { log } from "@/server/log";
import { sessionEventBus } from "./bus";
import { lastSeqOf, readEventsAfter, EVENT_PAGE_SIZE } from "./read-events";
import { encodeFrame, envelope, HEARTBEAT_FRAME, RETRY_FRAME } from "./sse";

export const DEFAULT_HEARTBEAT_MS = 25_000;
// Notifications are hints; this bounds how late an event can be when one is lost.
export const DEFAULT_POLL_MS = 1_500;

export type TSessionStreamOptions = {
  sessionId: string;
  /** Last-Event-ID as the client sent it (header, or the `lastEventId` query fallback). */
  lastEventId: string | null;
  /** The authoritative session state; read after the snapshot's seq was taken. */
  snapshot: () => Promise<Record<string, unknown>>;
  /** Re-checked on every heartbeat: a caller who lost visibility stops receiving events. */
  stillVisible?: () => Promise<boolean>;
  heartbeatMs?: number;
  pollMs?: number;
  /** The request's signal: a client that goes away ends the loop (never the turn). */
  signal?: AbortSignal;
};

export type TResumePoint = { kind: "fresh" } | { kind: "resume"; afterSeq: number } | { kind: "reset"; requested: string };

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

/**
 * The session stream (spec 6.1): `retry: 2000` at once, a `snapshot`, then every logged event
 * after the resume point in seq order, with a heartbeat comment while idle. It only reads the
 * event log, so it sees turns run by any process and nothing it does can slow a turn down.
 */
export function sessionEventStream(options: TSessionStreamOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const stop = new AbortController();
  const cleanups: Array<() => void> = [];
  let controllerRef: ReadableStreamDefaultController<Uint8Array> | null = null;
  const close = () => {
    if (stop.signal.aborted) return;
    stop.abort();
    for (const cleanup of cleanups.splice(0)) cleanup();
    try {
      controllerRef?.close();
    } catch {
      // Already closed or cancelled by the consumer.
    }
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controllerRef = controller;
      const send = (text: string) => {
        if (!stop.signal.aborted) controller.enqueue(encoder.encode(text));
      };
      send(RETRY_FRAME);
      if (options.signal) {
        if (options.signal.aborted) return close();
        options.signal.addEventListener("abort", close, { once: true });
        cleanups.push(() => options.signal?.removeEventListener("abort", close));
      }
      const heartbeat = setInterval(() => {
        send(HEARTBEAT_FRAME);
        void options.stillVisible?.().then(
          (visible) => !visible && close(),
          () => undefined,
        );
      }, options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
      cleanups.push(() => clearInterval(heartbeat));
      void follow(options, send, stop.signal, cleanups).then(close, (error: unknown) => {
        log.warn("session stream ended by an error; the client reconnects with Last-Event-ID", { sessionId: options.sessionId, err: (error as Error).message });
        close();
      });
    },
    cancel() {
      controllerRef = null;
      close();
    },
  });
}

async function follow(options: TSessionStreamOptions, send: (text: string) => void, signal: AbortSignal, cleanups: Array<() => void>): Promise<void> {
  const { sessionId } = options;
  const waiter = wakeWaiter(signal);
  // Subscribe before reading anything, so a commit between the read and the wait still wakes us.
  const bus = await sessionEventBus();
  cleanups.push(bus.subscribe(sessionId, waiter.wake));
  const lastSeq = await lastSeqOf(sessionId);
  if (lastSeq === null || signal.aborted) return;
  const point = resumePoint(options.lastEventId, lastSeq);
  if (point.kind === "reset") {
    send(encodeFrame(envelope(sessionId, lastSeq, "stream.reset", { reason: "last_event_id_unavailable", lastEventId: point.requested })));
  }
  let cursor = point.kind === "resume" ? point.afterSeq : lastSeq;
  // The state is read after lastSeq: it reflects at least every event up to `cursor`.
  const state = await options.snapshot();
  send(encodeFrame(envelope(sessionId, cursor, "snapshot", state)));
  while (!signal.aborted) {
    waiter.clear();
    const events = await readEventsAfter(sessionId, cursor);
    for (const event of events) {
      send(encodeFrame(envelope(sessionId, event.seq, event.type, event.data, event.createdAt)));
      cursor = event.seq;
    }
    if (events.length === EVENT_PAGE_SIZE) continue;
    const woken = await waiter.wait(options.pollMs ?? DEFAULT_POLL_MS);
    // A quiet poll also notices a deleted session and ends its streams.
    if (!woken && !signal.aborted && (await lastSeqOf(sessionId)) === null) return;
  }
}

/** A wake-up flag that survives wakes arriving while the reader is busy. */
function wakeWaiter(signal: AbortSignal) {
  let dirty = false;
  let release: ((woken: boolean) => void) | null = null;
  return {
    wake: () => {
      dirty = true;
      release?.(true);
    },
    clear: () => {
      dirty = false;
    },
    wait: (ms: number) =>
      new Promise<boolean>((resolve) => {
        if (dirty || signal.aborted) return resolve(dirty);
        const done = (woken: boolean) => {
          clearTimeout(timer);
          signal.removeEventListener("abort", onAbort);
          release = null;
          resolve(woken);
        };
        const onAbort = () => done(false);
        const timer = setTimeout(() => done(false), ms);
        signal.addEventListener("abort", onAbort, { once: true });
        release = done;
      }),
  };
}
