/**
 * A session-stream client the way a browser's EventSource behaves behind a load balancer:
 * when a stream ends or its server dies it reconnects, to the next web process in the list,
 * with the last id it saw as Last-Event-ID. It keeps what it saw, to prove there is no gap.
 */
export type TSeen = { seq: number; event: string };

export type TFollowed = {
  /** Logged events (not snapshots) in the order they arrived. */
  events: TSeen[];
  /** Seq of the first snapshot: the events must continue from it with no gap. */
  firstSnapshot: number | null;
  /** Base URL of every successful connect, in order. */
  connects: string[];
  /** `retry:` values the server sent (2000 at every start; a shorter one when it drains). */
  retries: string[];
  /** The state in the last snapshot (the session's details, with its turns). */
  snapshot: { turns?: Array<{ status: string }> } | null;
  completedAt?: string;
};

type TFollowOptions = {
  bases: string[];
  sessionId: string;
  apiKey: string;
  done: (followed: TFollowed) => boolean;
  timeoutMs: number;
};

function parse(block: string, followed: TFollowed, lastId: { value: string | null }): void {
  let id: string | null = null;
  let event = "message";
  let data = "";
  for (const line of block.split("\n")) {
    if (line.startsWith("data: ")) data = line.slice(6);
    else if (line.startsWith("id: ")) id = line.slice(4);
    else if (line.startsWith("event: ")) event = line.slice(7);
    else if (line.startsWith("retry: ")) followed.retries.push(line.slice(7));
  }
  if (id === null) return;
  if (event === "turn.completed") followed.completedAt = new Date().toISOString();
  lastId.value = id;
  if (event === "snapshot") {
    followed.firstSnapshot ??= Number(id);
    followed.snapshot = (JSON.parse(data) as { data: TFollowed["snapshot"] }).data;
  } else if (event !== "stream.reset") followed.events.push({ seq: Number(id), event });
}

/** Reads one connection until it ends; true when `done` was reached. */
async function readOnce(
  base: string,
  options: TFollowOptions,
  followed: TFollowed,
  lastId: { value: string | null },
  signal: AbortSignal,
): Promise<boolean> {
  const headers: Record<string, string> = { authorization: `Bearer ${options.apiKey}`, accept: "text/event-stream" };
  if (lastId.value !== null) headers["last-event-id"] = lastId.value;
  const response = await fetch(`${base}/api/v1/agents/sessions/${options.sessionId}/stream`, { headers, signal });
  if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}`);
  followed.connects.push(base);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) return false;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      parse(buffer.slice(0, end), followed, lastId);
      buffer = buffer.slice(end + 2);
    }
    if (options.done(followed)) {
      await reader.cancel().catch(() => undefined);
      return true;
    }
  }
}

/** Follows until `done`; `followed` fills in as frames arrive (tests wait on its connects). */
export function followSession(options: TFollowOptions): { followed: TFollowed; finished: Promise<TFollowed> } {
  const followed: TFollowed = { events: [], firstSnapshot: null, connects: [], retries: [], snapshot: null };
  return { followed, finished: follow(options, followed) };
}

async function follow(options: TFollowOptions, followed: TFollowed): Promise<TFollowed> {
  const lastId = { value: null as string | null };
  const deadline = Date.now() + options.timeoutMs;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  let attempt = 0;
  try {
    while (Date.now() < deadline) {
      const base = options.bases[attempt % options.bases.length]!;
      attempt++;
      try {
        if (await readOnce(base, options, followed, lastId, controller.signal)) return followed;
      } catch {
        // Refused or cut off (the process was killed): like EventSource, try again shortly.
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
  } finally {
    clearTimeout(timer);
  }
  throw new Error(`stream of ${options.sessionId} did not finish: saw ${JSON.stringify(followed)}`);
}

/** The events continue the first snapshot's seq one by one: no gap, no duplicate. */
export function contiguous(followed: TFollowed): boolean {
  if (followed.firstSnapshot === null) return false;
  return followed.events.every((seen, index) => seen.seq === followed.firstSnapshot! + index + 1);
}
