import { db } from "../src/server/db/client";
import type { SessionKind } from "../src/server/db/generated/enums";
import { appendEvent } from "../src/server/execution/event-log";
import type { TSessionEventType } from "../src/server/events/event-types";

/** Session rows for tests of the stream and console areas (the runtime opens real ones). */
export async function sessionRow(options: {
  organizationId: string;
  domainId: string;
  ownerId: string | null;
  kind?: SessionKind;
  title?: string;
}) {
  const automation = await db().automation.create({
    data: {
      organizationId: options.organizationId,
      domainId: options.domainId,
      kind: "AGENT",
      name: "Agent",
      publishedRevision: 1,
    },
    select: { id: true },
  });
  return db().agentSession.create({
    data: {
      organizationId: options.organizationId,
      domainId: options.domainId,
      automationId: automation.id,
      revision: 1,
      kind: options.kind ?? "DOMAIN",
      origin: "API",
      ownerId: options.ownerId,
      title: options.title ?? "A session",
    },
  });
}

/** Appends events the way the runtime does: each in its own committed transaction. */
export async function logEvents(sessionId: string, events: Array<[TSessionEventType, Record<string, unknown>]>) {
  for (const [type, data] of events) await db().$transaction((tx) => appendEvent(tx, sessionId, type, data));
}

/** Reads SSE text from a stream until `until` says enough, or the timeout passes. */
export async function readFrames(
  stream: ReadableStream<Uint8Array>,
  until: (text: string) => boolean,
  timeoutMs = 10_000,
): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + timeoutMs;
  try {
    while (!until(text)) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`timed out; received so far:\n${text}`);
      const chunk = await Promise.race([
        reader.read(),
        new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), remaining)),
      ]);
      if (chunk === "timeout") continue;
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text;
}

export type TFrame = { id?: string; event?: string; data?: any; comment?: string; retry?: string }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Splits SSE text into frames (test side of the encoder). */
export function parseFrames(text: string): TFrame[] {
  return text
    .split("\n\n")
    .filter((block) => block.length > 0)
    .map((block) => {
      const frame: TFrame = {};
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) frame.comment = line.slice(1).trim();
        else {
          const index = line.indexOf(":");
          const key = line.slice(0, index);
          const value = line.slice(index + 1).trimStart();
          if (key === "data") frame.data = JSON.parse(value);
          else if (key === "id" || key === "event" || key === "retry") frame[key] = value;
        }
      }
      return frame;
    });
}
