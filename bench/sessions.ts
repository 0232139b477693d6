// Agent runtime benchmark: sessions opened per second and p50/p99 from the 202 to
// `turn.completed` on the stream (builtin:echo, and a turn with one HTTP tool call), open
// streams one process holds and memory per stream, each beside the same-run baseline (a bare
// route handler answering 202 without work).
// Usage: npx tsx bench/sessions.ts --base-url URL --http-port 4090 [--sessions 200] [--concurrency 8]
//        [--streams 500] [--server-pid PID] [--opens-only] [--rounds 8] [--slice-seconds 2]
//        [--metrics-token TOKEN]
// Each case runs in --rounds slices of --slice-seconds, each after a slice of the baseline
// (measureBeside in measure.ts); --sessions caps the warm-up (at most 20 cycles).
// --metrics-token: the server's METRICS_TOKEN; before each baseline slice the benchmark then
// waits until the engine has no queued or running turn (the 202-only case leaves its turns behind).
// --opens-only: the baseline and the 202-only case alone, without the warm-up turns or streams
// (for a server whose engine is off, ENGINE_IN_PROCESS=0: the open's own cost).
// The service must run with ALLOW_FIXTURES=1 and HTTP_TOOL_ALLOWED_HOSTS=127.0.0.1:<http-port>.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import {
  BESIDE_OPTIONS,
  besideRunner,
  fixtureWorld,
  measure,
  openSession,
  printBesideTable,
  waitForCompletion,
} from "./measure";

const { values } = parseArgs({
  options: {
    "base-url": { type: "string", default: "http://127.0.0.1:3000" },
    "http-port": { type: "string", default: "4090" },
    sessions: { type: "string", default: "200" },
    concurrency: { type: "string", default: "8" },
    streams: { type: "string", default: "500" },
    "server-pid": { type: "string" },
    "opens-only": { type: "boolean", default: false },
    ...BESIDE_OPTIONS,
  },
});
const baseUrl = values["base-url"]!;
const httpPort = Number(values["http-port"]);
const total = Number(values.sessions);
const concurrency = Number(values.concurrency);
const beside = besideRunner(baseUrl, concurrency, values);

// The tool target: answers every call at once, so the numbers are the service's own cost.
const receiver = createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end('{"ok":true}');
  });
});
await new Promise<void>((resolve) => receiver.listen(httpPort, "127.0.0.1", resolve));

const world = fixtureWorld(baseUrl, `http://127.0.0.1:${httpPort}`);
const headers = { authorization: `Bearer ${world.orgs.acme.users.owner.apiKey}`, "content-type": "application/json" };

function runAgent(agentId: string) {
  return async () => {
    await waitForCompletion(baseUrl, headers, await openSession(baseUrl, headers, agentId));
  };
}

const open202 = (agentId: string) => async () => void (await openSession(baseUrl, headers, agentId));

function rssKiB(pid: string | undefined): number | null {
  if (!pid) return null;
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("VmRSS:"));
  return line ? Number(line.replace(/\D+/g, "")) : null;
}

/** Opens `count` streams on one session and holds them; reports memory growth of the server. */
async function holdStreams(count: number, pid: string | undefined) {
  const sessionId = await openSession(baseUrl, headers, world.orgs.acme.agents.echo.id, "streams");
  const before = rssKiB(pid);
  const controllers: AbortController[] = [];
  let open = 0;
  for (let index = 0; index < count; index++) {
    const controller = new AbortController();
    controllers.push(controller);
    const stream = await fetch(`${baseUrl}/api/v1/agents/sessions/${sessionId}/stream`, {
      headers: { ...headers, accept: "text/event-stream" },
      signal: controller.signal,
    });
    if (stream.status === 200) open++;
    // Not awaited: the stream is held open, not read to its end; the first read only starts it.
    stream.body
      ?.getReader()
      .read()
      .catch(() => undefined);
  }
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const after = rssKiB(pid);
  for (const controller of controllers) controller.abort();
  return { open, before, after };
}

if (values["opens-only"]) {
  await measure("warm-up", open202(world.orgs.acme.agents.echo.id), Math.min(total, 20), concurrency);
  printBesideTable([
    await beside("POST /agents/{id}/sessions (202 only, echo)", open202(world.orgs.acme.agents.echo.id)),
  ]);
  receiver.close();
  process.exit(0);
}
await measure("warm-up", runAgent(world.orgs.acme.agents.echo.id), Math.min(total, 20), concurrency);
printBesideTable([
  await beside("open -> turn.completed on the stream (builtin:echo)", runAgent(world.orgs.acme.agents.echo.id)),
  await beside(
    "open -> turn.completed on the stream (one HTTP tool call)",
    runAgent(world.orgs.acme.agents.httpRead.id),
  ),
  // Last: without a metrics token, it leaves a backlog of queued turns behind that would slow the cases after it.
  await beside("POST /agents/{id}/sessions (202 only, echo)", open202(world.orgs.acme.agents.echo.id)),
]);
const streams = await holdStreams(Number(values.streams), values["server-pid"]);
const perStream =
  streams.before !== null && streams.after !== null
    ? ((streams.after - streams.before) / Math.max(1, streams.open)).toFixed(1)
    : "n/a";
console.log(
  `\nstreams held open: ${streams.open}; server RSS before ${streams.before ?? "n/a"} KiB, after ${streams.after ?? "n/a"} KiB; ~${perStream} KiB per stream`,
);
receiver.close();
process.exit(0);
