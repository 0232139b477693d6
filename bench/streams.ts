// Session streams benchmark: many SSE streams held by one server process (default 10,000 on
// 1,000 sessions), with the client in a separate process. Measures the server's RSS per stream,
// idle load with the streams open versus none (the server's CPU over an idle window, which with
// PGlite includes the database, and on PostgreSQL pg_stat_database.xact_commit), and p50/p99 delivery latency of an event to ALL streams of its
// session (messages posted to builtin:echo sessions; each turn logs ~4 events). `--soak-minutes`
// keeps the streams open under light traffic, samples RSS every 30 s and says whether it stays flat.
// Usage: npx tsx bench/streams.ts --start-server 3700 [--database-url URL]   (AUTH_SECRET and VAULT_KEYS from the environment)
//        [--inspector 127.0.0.1:9340]: also the server's memory after full collections (started with
//        --inspect there; NODE_OPTIONS=--experimental-websocket for this script on Node 20)
//    or: npx tsx bench/streams.ts --base-url URL --server-pid PID [--database-url URL]   (a server you started)
//        [--sessions 1000] [--per-session 10] [--messages 200] [--concurrency 8] [--idle-seconds 30] [--soak-minutes 0]
// The server and the client each need a file limit above the stream count: the script raises
// both to the hard limit (and refuses to start when that is too low). `--start-server` runs the
// built app (`next build` first) on PostgreSQL at --database-url, or on a fresh PGlite directory.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { cpuTicksOf } from "./process-cpu";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import pg from "pg";
import { expectStatus, fixtureWorld, openSession } from "./measure";
import { collectedMemory, serverInspector } from "./server-inspector";

const { values } = parseArgs({
  options: {
    "base-url": { type: "string", default: "http://127.0.0.1:3000" },
    "server-pid": { type: "string" },
    "start-server": { type: "string" },
    "database-url": { type: "string" },
    sessions: { type: "string", default: "1000" },
    "per-session": { type: "string", default: "10" },
    messages: { type: "string", default: "200" },
    concurrency: { type: "string", default: "8" },
    "idle-seconds": { type: "string", default: "30" },
    "soak-minutes": { type: "string", default: "0" },
    inspector: { type: "string" },
  },
});
const sessionCount = Number(values.sessions);
const perSession = Number(values["per-session"]);
const idleMs = Number(values["idle-seconds"]) * 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `command` with the open-file limit raised to the hard limit, or fails when that is below `needed`. */
function withFileLimit(needed: number, command: string): string {
  return `hard=$(ulimit -Hn); if [ "$hard" != unlimited ] && [ "$hard" -lt ${needed} ]; then echo "the hard open-file limit ($hard) is below the ${needed} this run needs: raise it (ulimit -Hn, /etc/security/limits.conf)" >&2; exit 3; fi; ulimit -n "$hard" && ${command}`;
}
const filesNeeded = sessionCount * perSession + 1_000;

/** The built app on its own port, its file limit raised; the rate limits are lifted for the load. */
async function startServer(port: string): Promise<ChildProcess> {
  const storage = values["database-url"]
    ? { DATABASE_URL: values["database-url"] }
    : { DATA_DIR: mkdtempSync(join(tmpdir(), "bench-streams-")) };
  const server = spawn(
    "bash",
    [
      "-c",
      withFileLimit(
        filesNeeded,
        `exec node ${values.inspector ? `--inspect=${values.inspector} ` : ""}node_modules/next/dist/bin/next start -p ${port} -H 127.0.0.1`,
      ),
    ],
    {
      stdio: ["ignore", "inherit", "inherit"],
      env: {
        ...process.env,
        ...storage,
        NODE_ENV: "production",
        ALLOW_FIXTURES: "1",
        NEXTAUTH_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
        RATE_LIMIT_V1_PER_CREDENTIAL: "100000000",
        RATE_LIMIT_V1_PER_ORG: "100000000",
      },
    },
  );
  server.once("exit", (code) => {
    if (code) throw new Error(`the server exited with ${code}`);
  });
  for (let waited = 0; waited < 120; waited++) {
    if (
      await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return server;
    await sleep(1_000);
  }
  throw new Error("the server did not become ready in 120 s");
}

const server = values["start-server"] ? await startServer(values["start-server"]) : undefined;
const baseUrl = server ? `http://127.0.0.1:${values["start-server"]}` : values["base-url"]!;
// `exec` makes the shell's pid the server's.
const serverPid = server ? String(server.pid) : values["server-pid"];

const world = fixtureWorld(baseUrl);
const key = world.orgs.acme.users.owner.apiKey as string;
const echoId = world.orgs.acme.agents.echo.id as string;
const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };

const ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }));
/** The server process's CPU time so far (user + system), in seconds. */
function cpuSeconds(): number | null {
  if (!serverPid) return null;
  return cpuTicksOf(serverPid) / ticksPerSecond;
}

/**
 * The server's CPU over an idle window: with PGlite the database runs inside it, so this is the
 * idle-load measure that works on both databases.
 */
async function idleWindow(ms: number) {
  const cpuBefore = cpuSeconds();
  const commits = await idleCommits(ms);
  const cpuAfter = cpuSeconds();
  return { commits, cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore };
}

function rssKiB(): number | null {
  if (!serverPid) return null;
  const line = readFileSync(`/proc/${serverPid}/status`, "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("VmRSS:"));
  return line ? Number(line.replace(/\D+/g, "")) : null;
}

/**
 * Transactions the database committed per second while idle (everyone's: the queue's own polling
 * is the floor). Sampled in 5 s slices; the median slice is the steady rate, the total also
 * catches bursts (the fixture world's schedules fire now and then).
 */
async function idleCommits(ms: number): Promise<{ total: number; medianPerSecond: number } | null> {
  if (!values["database-url"]) return sleep(ms).then(() => null);
  const client = new pg.Client({ connectionString: values["database-url"] });
  await client.connect();
  const read = async () =>
    Number(
      (await client.query("SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()")).rows[0]
        .xact_commit,
    );
  const slices: number[] = [];
  const first = await read();
  let last = first;
  for (let elapsed = 0; elapsed < ms; elapsed += 5_000) {
    await sleep(5_000);
    const now = await read();
    // Our own read is one commit.
    slices.push(now - last - 1);
    last = now;
  }
  await client.end();
  slices.sort((a, b) => a - b);
  return { total: last - first - slices.length, medianPerSecond: slices[Math.floor(slices.length / 2)]! / 5 };
}

async function inParallel<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** Waits until `sessionId` logged turn.completed (read from its stream from the start). */
async function turnDone(sessionId: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1/agents/sessions/${sessionId}/stream`, {
    headers: { ...headers, "last-event-id": "0" },
    signal: AbortSignal.timeout(600_000),
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    text += decoder.decode(chunk.value, { stream: true });
    if (/^event: turn\.completed$/m.test(text)) return void (await reader.cancel().catch(() => undefined));
  }
}

console.error(`opening ${sessionCount} echo sessions...`);
const sessionIds: string[] = [];
await inParallel(
  Array.from({ length: sessionCount }, (_, index) => index),
  Number(values.concurrency),
  async () => {
    sessionIds.push(await openSession(baseUrl, headers, echoId, "streams"));
  },
);
// Turns run in queue order: when the last one is done, the engine is idle.
await turnDone(sessionIds.at(-1)!);
await sleep(3_000);

const rssBefore = rssKiB();
// With the server's inspector: its memory after full collections, without and with the streams
// (what a held stream itself costs, whatever V8 has not collected yet at either moment).
const inspector = values.inspector ? await serverInspector(values.inspector) : undefined;
const collectedWithout = inspector ? await collectedMemory(inspector) : undefined;
console.error(`idle window without streams (${idleMs / 1000} s)...`);
const idleWithout = await idleWindow(idleMs);
// Garbage of the opens is collected while a process idles (V8's memory reducer), so RSS is also
// compared at the end of each idle window: the steady state a held stream costs.
const rssIdleWithout = rssKiB();

const sessionsFile = `/tmp/bench-streams-${process.pid}.json`;
writeFileSync(sessionsFile, JSON.stringify(sessionIds));
const clientCommand = withFileLimit(
  filesNeeded,
  `exec node_modules/.bin/tsx bench/streams-client.ts --base-url ${baseUrl} --key ${key} --sessions-file ${sessionsFile} --per-session ${perSession}`,
);
const client = spawn("bash", ["-c", clientCommand], { stdio: ["pipe", "pipe", "inherit"] });
const lines = createInterface({ input: client.stdout! });
const replies: Array<(value: Record<string, unknown>) => void> = [];
lines.on("line", (line) => {
  if (line.startsWith("{")) replies.shift()?.(JSON.parse(line));
});
const reply = () => new Promise<Record<string, unknown>>((resolve) => replies.push(resolve));
const report = () => {
  const answer = reply();
  client.stdin!.write("report\n");
  return answer;
};

console.error(`opening ${sessionCount * perSession} streams from a separate process...`);
const ready = await reply();
await sleep(5_000);
const rssAfter = rssKiB();
console.error(`  ${JSON.stringify(ready)}; server RSS ${rssBefore} -> ${rssAfter} KiB`);
console.error(`idle window with ${ready.open} streams (${idleMs / 1000} s)...`);
const idleWith = await idleWindow(idleMs);
const rssIdleWith = rssKiB();
const collectedWith = inspector ? await collectedMemory(inspector) : undefined;
inspector?.close();
console.error(`  idle: without ${JSON.stringify(idleWithout)}, with ${JSON.stringify(idleWith)}`);
client.stdin!.write("reset\n");

/** Posts `count` messages round-robin; returns how many were accepted (an overloaded server may refuse some). */
async function traffic(count: number, concurrency: number, offset = 0): Promise<number> {
  const targets = Array.from({ length: count }, (_, index) => sessionIds[(offset + index) % sessionIds.length]!);
  let accepted = 0;
  await inParallel(targets, concurrency, async (sessionId) => {
    const response = await fetch(`${baseUrl}/api/v1/agents/sessions/${sessionId}/messages`, {
      method: "POST",
      headers,
      body: JSON.stringify({ message: "ping" }),
    });
    await expectStatus(response, 200).then(
      () => accepted++,
      (error: Error) => console.error(`  ${error.message.slice(0, 200)}`),
    );
  });
  return accepted;
}

const posted = Math.min(Number(values.messages), sessionIds.length);
console.error(`posting ${posted} messages...`);
const messages = await traffic(posted, Number(values.concurrency));
let latency = await report();
for (let waited = 0; Number(latency.completedTurns) < messages && waited < 120; waited++) {
  await sleep(1_000);
  latency = await report();
}

const soakMinutes = Number(values["soak-minutes"]);
const samples: number[] = [];
if (soakMinutes > 0) {
  console.error(`soak: ${soakMinutes} min, one message every 2 s, RSS every 30 s...`);
  const end = Date.now() + soakMinutes * 60_000;
  let sent = messages;
  let nextSample = Date.now();
  while (Date.now() < end) {
    if (Date.now() >= nextSample) {
      samples.push(rssKiB() ?? 0);
      console.error(`  rss ${samples.at(-1)} KiB`);
      nextSample += 30_000;
    }
    await traffic(1, 1, sent++).catch(() => undefined);
    await sleep(2_000);
  }
  samples.push(rssKiB() ?? 0);
}

client.stdin!.write("quit\n");
const open = Number(ready.open);
const perStream =
  rssBefore !== null && rssAfter !== null ? ((rssAfter - rssBefore) / Math.max(1, open)).toFixed(1) : "n/a";
console.log(`| measure | value |`);
console.log(`|---|---|`);
console.log(
  `| streams open / failed | ${open} / ${ready.failed} (${sessionCount} sessions x ${perSession}), connected in ${ready.connectSeconds} s |`,
);
console.log(
  `| server RSS before -> with streams | ${rssBefore ?? "n/a"} KiB -> ${rssAfter ?? "n/a"} KiB (~${perStream} KiB per stream) |`,
);
const perStreamIdle =
  rssIdleWithout !== null && rssIdleWith !== null
    ? ((rssIdleWith - rssIdleWithout) / Math.max(1, open)).toFixed(1)
    : "n/a";
console.log(
  `| server RSS at the end of each idle window: no streams -> streams | ${rssIdleWithout ?? "n/a"} KiB -> ${rssIdleWith ?? "n/a"} KiB (~${perStreamIdle} KiB per stream) |`,
);
if (collectedWithout && collectedWith) {
  const perStreamOf = (key: string) =>
    ((collectedWith[key]! - collectedWithout[key]!) / 1024 / Math.max(1, open)).toFixed(1);
  const kib = (bytes: number) => Math.round(bytes / 1024);
  console.log(
    `| after two full collections, RSS: no streams -> streams | ${kib(collectedWithout.rss!)} KiB -> ${kib(collectedWith.rss!)} KiB (~${perStreamOf("rss")} KiB per stream) |`,
  );
  console.log(
    `| after two full collections, V8 heap: no streams -> streams | ${kib(collectedWithout.heapUsed!)} KiB -> ${kib(collectedWith.heapUsed!)} KiB (~${perStreamOf("heapUsed")} KiB per stream) |`,
  );
}
const commits = (value: Awaited<ReturnType<typeof idleCommits>>) =>
  value ? `${value.total} (median ${value.medianPerSecond.toFixed(1)}/s)` : "n/a";
console.log(
  `| idle xact_commit over ${idleMs / 1000} s: no streams / with streams | ${commits(idleWithout.commits)} / ${commits(idleWith.commits)} |`,
);
const cpu = (value: number | null) => (value === null ? "n/a" : `${value.toFixed(2)} s`);
console.log(
  `| server CPU over ${idleMs / 1000} s idle: no streams / with streams | ${cpu(idleWithout.cpu)} / ${cpu(idleWith.cpu)} |`,
);
console.log(
  `| event delivered to all streams of its session: p50 / p99 ms | ${latency.allStreamsP50} / ${latency.allStreamsP99} (${latency.events} events, ${latency.completedTurns}/${messages} turns of ${posted} posted) |`,
);
console.log(`| per frame: p50 / p99 ms | ${latency.perFrameP50} / ${latency.perFrameP99} |`);
if (samples.length > 0) {
  const first = samples[1] ?? samples[0]!;
  const growth = ((samples.at(-1)! - first) / first) * 100;
  console.log(`| soak ${soakMinutes} min RSS samples (KiB) | ${samples.join(", ")} |`);
  // A leak grows; garbage collection returning memory (a negative change) is not one.
  console.log(
    `| soak verdict | ${growth <= 10 ? "flat" : "NOT flat"} (${growth.toFixed(1)}% from the second sample to the last) |`,
  );
}
server?.removeAllListeners("exit").kill();
process.exit(0);
