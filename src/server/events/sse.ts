import { STREAM_ENVELOPE_VERSION } from "./event-types";

/** Stream-only frame types besides the logged events (spec 6.1). */
export type TStreamFrameType = "snapshot" | "stream.reset";

/** The versioned JSON envelope of every `data:` line (spec 6.1). */
export type TStreamEnvelope = {
  v: typeof STREAM_ENVELOPE_VERSION;
  sessionId: string;
  seq: number;
  ts: string;
  event: string;
  data: Record<string, unknown>;
};

/** Tells EventSource to reconnect after 2 s; the first bytes of every stream. */
export const RETRY_FRAME = "retry: 2000\n\n";

/**
 * The last frame of a stream this process ends because it shuts down: reconnect soon (to
 * another process) and resume from Last-Event-ID; no event is lost, the log has them all.
 */
export const DRAIN_RETRY_FRAME = "retry: 500\n: server shutting down, reconnect with Last-Event-ID\n\n";

/** A comment line: keeps proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_FRAME = ": heartbeat\n\n";

export function envelope(
  sessionId: string,
  seq: number,
  event: string,
  data: Record<string, unknown>,
  at: Date = new Date(),
): TStreamEnvelope {
  return { v: STREAM_ENVELOPE_VERSION, sessionId, seq, ts: at.toISOString(), event, data };
}

/**
 * One SSE frame: `id` is the log seq, so a reconnecting EventSource sends it back as
 * Last-Event-ID. JSON never contains a raw newline, so `data` is always a single line.
 */
export function encodeFrame(message: TStreamEnvelope): string {
  return `id: ${message.seq}\nevent: ${message.event}\ndata: ${JSON.stringify(message)}\n\n`;
}
