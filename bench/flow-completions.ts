// Flow completions benchmark (issue 38's flow proof): an API trigger whose only subscriber is the
// fixture flow `flows.echo` (one HTTP tool step that POSTs the run's input to <upstream>/flow),
// fired open-loop at fixed rates against a local upstream that answers after --upstream-ms.
// For each upstream latency and rate: completed executions/s, completion p50/p99 (fire sent ->
// upstream received the fire's marker, plus the upstream's own latency: the execution's only side
// effect), and with --server-pid the CPU per completed execution of the service process and every
// PostgreSQL process together. Targets on the reference machine: at least 120 completed
// executions/s with either upstream, completion p99 under 250 ms below saturation, CPU per
// execution under 10 ms.
// Usage: npx tsx bench/flow-completions.ts --base-url URL [--http-port 4090] [--server-pid PID]
//        [--upstream-ms 0,200] [--rates 40,80,120,160] [--seconds 10] [--drain-seconds 5]
//        [--warm-up 20] [--sample-runs 20]
// The service must run with ALLOW_FIXTURES=1, HTTP_TOOL_ALLOWED_HOSTS=127.0.0.1:<http-port> and
// rate limits above the fire rate. The trigger is created through the service (POST
// /api/v1/triggers with the owner's cookie, then the console's triggers.subscribe).
// Each step fires rate x seconds times, one marker per fire, then waits for the markers until
// every one arrived or --drain-seconds after the step. completed/s = arrivals within that window
// over the step's seconds or, when longer, the time from the first arrival to the last (so a step
// that keeps up reads its rate, and one that falls behind reads what the service completed while
// it was busy, its backlog's drain included). CPU is read before
// the step and after its drain, and divided by the arrivals. After the CPU reading, --sample-runs
// of the step's sessions are read (GET /agents/sessions/{id}) for their run's status and its
// finish time, and the service is given up to 30 s to finish what is left before the next step.
// Bounded: at most rates x seconds fires per step, each step ends by itself; 127.0.0.1 only.
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import { expectStatus, fixtureWorld } from "./measure";
import { cpuTicksOf, postgresCpuTicks } from "./process-cpu";

const { values } = parseArgs({
  options: {
    "base-url": { type: "string", default: "http://127.0.0.1:3000" },
    "http-port": { type: "string", default: "4090" },
    "server-pid": { type: "string" },
    "upstream-ms": { type: "string", default: "0,200" },
    rates: { type: "string", default: "40,80,120,160" },
    seconds: { type: "string", default: "10" },
    "drain-seconds": { type: "string", default: "5" },
    "warm-up": { type: "string", default: "20" },
    "sample-runs": { type: "string", default: "20" },
  },
});
const baseUrl = values["base-url"]!;
const httpPort = Number(values["http-port"]);
const serverPid = values["server-pid"];
const upstreamLatencies = values["upstream-ms"]!.split(",").map(Number);
const rates = values.rates!.split(",").map(Number);
const stepSeconds = Number(values.seconds);
const drainMs = Number(values["drain-seconds"]) * 1000;
const warmUp = Number(values["warm-up"]);
const sampleRuns = Number(values["sample-runs"]);
const SETTLE_MS = 30_000;
const FIRE_TIMEOUT_MS = 30_000;
const MS_PER_TICK = 1000 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim() || "100");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The upstream: answers every path with 200 JSON after `upstreamMs`, and records when each
// marker first arrived (performance.now() of this process, the clock the fires are timed on).
let upstreamMs = 0;
const arrivals = new Map<string, number>();
let unmarked = 0;
const upstream = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
  request.on("end", () => {
    const at = performance.now();
    const marker = /fc-[a-z0-9]+-\d+-\d+/.exec(body)?.[0];
    if (!marker) unmarked++;
    else if (!arrivals.has(marker)) arrivals.set(marker, at);
    setTimeout(() => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end('{"ok":true}');
    }, upstreamMs);
  });
});
await new Promise<void>((resolve) => upstream.listen(httpPort, "127.0.0.1", resolve));

const world = fixtureWorld(baseUrl, `http://127.0.0.1:${httpPort}`);
const acme = world.orgs.acme;
const flowId: string = acme.flows.echo.id;
const bearer = { authorization: `Bearer ${acme.users.owner.apiKey}`, "content-type": "application/json" };
// The console's own origin: a cookie change is refused from any other (docs/security.md).
const cookie = {
  cookie: `service_session=${acme.users.owner.cookie}`,
  "content-type": "application/json",
  origin: new URL(baseUrl).origin,
};

// An API trigger in ops whose only subscriber is the flow (acme's `triggers.api` also fans out to two agents).
const created = (await expectStatus(
  await fetch(`${baseUrl}/api/v1/triggers`, {
    method: "POST",
    headers: cookie,
    body: JSON.stringify({ type: "api", domainId: acme.domains.ops.id, name: `Flow completions bench ${Date.now()}` }),
  }),
  201,
)) as { trigger: { id: string } };
const triggerId = created.trigger.id;
const subscribed = (await expectStatus(
  await fetch(`${baseUrl}/api/trpc/triggers.subscribe`, {
    method: "POST",
    headers: cookie,
    body: JSON.stringify({ triggerId, automationId: flowId }),
  }),
  200,
)) as { result: { data: { subscribers: unknown[] } } };
if (subscribed.result.data.subscribers.length !== 1)
  throw new Error(`expected the flow as the only subscriber, got ${subscribed.result.data.subscribers.length}`);

type TFire = { marker: string; sentAt: number; sentWall: number; sessionId: string | null };
const run = Date.now().toString(36);
let stepNumber = 0;

/** One fire with a fresh marker in its input; its session id on a 202 with one session, else null. */
async function fire(marker: string): Promise<TFire> {
  const sentAt = performance.now();
  const sentWall = Date.now();
  try {
    const response = await fetch(`${baseUrl}/api/v1/triggers/fire`, {
      method: "POST",
      headers: bearer,
      body: JSON.stringify({ triggerId, input: { marker } }),
      signal: AbortSignal.timeout(FIRE_TIMEOUT_MS),
    });
    const body = (await response.json()) as { sessions?: Array<{ sessionId: string }> };
    const sessionId = response.status === 202 && body.sessions?.length === 1 ? body.sessions[0]!.sessionId : null;
    return { marker, sentAt, sentWall, sessionId };
  } catch {
    return { marker, sentAt, sentWall, sessionId: null };
  }
}

function cpuMs(): number | null {
  if (!serverPid) return null;
  return (cpuTicksOf(serverPid) + postgresCpuTicks()) * MS_PER_TICK;
}

const percentile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;

/** Waits until every accepted fire's marker arrived, or until `deadline` (performance.now()). */
async function waitForArrivals(fires: TFire[], deadline: number): Promise<void> {
  while (performance.now() < deadline && fires.some((one) => one.sessionId && !arrivals.has(one.marker)))
    await sleep(50);
}

type TRunSample = { completed: number; failed: number; other: number; finishedMs: number[] };

/** Reads `count` of the fires' sessions, spread over the step: their last run's status and its finish. */
async function sampleSessions(fires: TFire[], count: number): Promise<TRunSample> {
  const accepted = fires.filter((one) => one.sessionId);
  const picked = Array.from(
    new Set(
      Array.from({ length: Math.min(count, accepted.length) }, (_, index) =>
        Math.floor((index * accepted.length) / count),
      ),
    ),
  ).map((index) => accepted[index]!);
  const sample: TRunSample = { completed: 0, failed: 0, other: 0, finishedMs: [] };
  for (const one of picked) {
    const response = await fetch(`${baseUrl}/api/v1/agents/sessions/${one.sessionId}`, { headers: bearer });
    const body = (await response.json()) as { turns?: Array<{ status: string; finishedAt: string | null }> };
    const turn = response.status === 200 ? body.turns?.at(-1) : undefined;
    if (turn?.status === "completed") sample.completed++;
    else if (turn?.status === "failed") sample.failed++;
    else sample.other++;
    if (turn?.finishedAt) sample.finishedMs.push(Date.parse(turn.finishedAt) - one.sentWall);
  }
  sample.finishedMs.sort((a, b) => a - b);
  return sample;
}

type TStep = {
  upstreamMs: number;
  rate: number;
  fired: number;
  refused: number;
  completed: number;
  perSecond: number;
  p50: number;
  p99: number;
  cpuPerExecution: number | null;
  runs: TRunSample;
};

/** Fires `rate`/s for `seconds` on a fixed schedule (open loop: a late answer delays no fire). */
async function step(rate: number, seconds: number): Promise<TStep> {
  const label = `fc-${run}-${++stepNumber}`;
  const count = Math.round(rate * seconds);
  const cpuBefore = cpuMs();
  const start = performance.now();
  const pending: Promise<TFire>[] = [];
  for (let index = 0; index < count; index++) {
    const wait = start + (index * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(fire(`${label}-${index}`));
  }
  const deadline = start + seconds * 1000 + drainMs;
  const fires = await Promise.all(pending);
  await waitForArrivals(fires, deadline);
  const cpuAfter = cpuMs();

  const arrived = fires
    .filter((one) => one.sessionId)
    .map((one) => ({ sentAt: one.sentAt, at: arrivals.get(one.marker) }))
    .filter((one): one is { sentAt: number; at: number } => one.at !== undefined && one.at <= deadline);
  const times = arrived.map((one) => one.at).sort((a, b) => a - b);
  const span = times.length > 1 ? (times.at(-1)! - times[0]!) / 1000 : 0;
  const latencies = arrived.map((one) => one.at - one.sentAt + upstreamMs).sort((a, b) => a - b);
  const runs = await sampleSessions(fires, sampleRuns);
  // Untimed: what the step left behind runs before the next step's CPU reading.
  await waitForArrivals(fires, performance.now() + SETTLE_MS);
  await sleep(1_000);
  return {
    upstreamMs,
    rate,
    fired: count,
    refused: fires.filter((one) => !one.sessionId).length,
    completed: arrived.length,
    perSecond: arrived.length / Math.max(seconds, span),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    cpuPerExecution:
      cpuBefore !== null && cpuAfter !== null && arrived.length ? (cpuAfter - cpuBefore) / arrived.length : null,
    runs,
  };
}

if (!serverPid) console.log("no --server-pid: CPU per execution is not measured");
const results: TStep[] = [];
for (const latency of upstreamLatencies) {
  upstreamMs = latency;
  // Warm-up, unreported: the first runs take the cold code paths.
  if (warmUp > 0) await step(Math.min(10, warmUp), warmUp / Math.min(10, warmUp));
  for (const rate of rates) {
    const result = await step(rate, stepSeconds);
    results.push(result);
    process.stderr.write(
      `upstream ${latency} ms, ${rate}/s: ${result.completed}/${result.fired} completed, ${result.perSecond.toFixed(1)}/s\n`,
    );
  }
}

const fixed = (value: number | null, digits = 1) =>
  value === null || Number.isNaN(value) ? "n/a" : value.toFixed(digits);
console.log(
  `| upstream (ms) | offered/s | completed/s | p50 (ms) | p99 (ms) | CPU/execution (ms, service + PostgreSQL) | errors |`,
);
console.log(`|---|---|---|---|---|---|---|`);
for (const result of results) {
  const missing = result.fired - result.refused - result.completed;
  const errors = `${result.refused}${missing ? ` (+${missing} not completed in the drain)` : ""}`;
  console.log(
    `| ${result.upstreamMs} | ${result.rate} | ${fixed(result.perSecond)} | ${fixed(result.p50)} | ${fixed(result.p99)} | ${fixed(result.cpuPerExecution, 2)} | ${errors} |`,
  );
}
console.log(
  `\nerrors: fires not answered 202 with one session; completed: markers the upstream received within the step and ${drainMs / 1000} s after it.`,
);
console.log(`Sampled runs (GET /agents/sessions/{id}, up to ${sampleRuns} per step, read after the step's CPU):`);
for (const result of results) {
  const { runs } = result;
  console.log(
    `- upstream ${result.upstreamMs} ms, ${result.rate}/s: ${runs.completed} completed, ${runs.failed} failed, ${runs.other} other; fire -> run finished p50 ${fixed(percentile(runs.finishedMs, 0.5), 0)} ms, max ${fixed(runs.finishedMs.at(-1) ?? NaN, 0)} ms`,
  );
}
if (unmarked) console.log(`upstream requests without a marker: ${unmarked}`);
upstream.close();
process.exit(0);
