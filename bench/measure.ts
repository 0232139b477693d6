// What every benchmark shares: the fixture world, running one case with N concurrent clients,
// checking statuses, opening and following a session, the same-run 202 baseline (in slices
// alternating with the case), and printing the table with the ratio to the baseline.
import { execFileSync } from "node:child_process";

export type TResult = { name: string; perSecond: number; p50: number; p99: number };

/** Runs `one` `total` times over `concurrency` clients; rate and p50/p99 latency in ms. */
export async function measure(
  name: string,
  one: () => Promise<void>,
  total: number,
  concurrency: number,
): Promise<TResult> {
  return summarize(name, [await timedSlice(one, { calls: total }, concurrency)]);
}

export async function expectStatus(response: Response, status: number): Promise<unknown> {
  const body = await response.json();
  if (response.status !== status)
    throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** The same-run baseline: a bare route handler on the same server answering 202 without work. */
export const baselineCase = (baseUrl: string) => () =>
  fetch(`${baseUrl}/api/internal/bench-baseline`, { method: "POST", body: "{}" }).then((response) =>
    expectStatus(response, 202).then(() => undefined),
  );

/** The fixture world (scripts/fixtures.ts, FIXTURES.md) built through the running service. */
export function fixtureWorld(baseUrl: string, httpTarget?: string) {
  const args = ["scripts/fixtures.ts", "--base-url", baseUrl, ...(httpTarget ? ["--http-target", httpTarget] : [])];
  return JSON.parse(
    execFileSync("node_modules/.bin/tsx", args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }),
  );
}

/** Opens a session on an agent (expecting the 202); its id. */
export async function openSession(
  baseUrl: string,
  headers: Record<string, string>,
  agentId: string,
  message = "bench",
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/agents/${agentId}/sessions`, {
    method: "POST",
    headers,
    body: JSON.stringify({ message }),
  });
  return ((await expectStatus(response, 202)) as { sessionId: string }).sessionId;
}

/** Reads a session's stream from its first event until `turn.completed` (or throws after 60 s). */
export async function waitForCompletion(
  baseUrl: string,
  headers: Record<string, string>,
  sessionId: string,
): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1/agents/sessions/${sessionId}/stream`, {
    headers: { ...headers, accept: "text/event-stream", "last-event-id": "0" },
    signal: AbortSignal.timeout(60_000),
  });
  if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}`);
  const decoder = new TextDecoder();
  let buffered = "";
  const reader = response.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    buffered += decoder.decode(chunk.value, { stream: true });
    if (/^event: turn\.completed$/m.test(buffered)) {
      await reader.cancel().catch(() => undefined);
      return;
    }
  }
  throw new Error("stream ended before turn.completed");
}

/** One case beside the baseline: both over all their slices, and the ratio of each round. */
export type TBeside = { result: TResult; baseline: TResult; ratio: number; ratios: number[] };

/**
 * A case beside the baseline in alternating slices: `rounds` times, a slice of the baseline and
 * then a slice of the case, each running `sliceSeconds` over `concurrency` clients. This
 * machine's speed drifts by half or more within minutes (the bare baseline ran at 270-1,040/s
 * across runs), so a baseline measured once before its case says more about the drift than
 * about the case; alternating puts each case slice in the machine state of the baseline slice
 * beside it. Before every baseline slice, untimed, `settle` waits for what the case left behind
 * (a 202's queued turns) and a short pause lets the case's closing streams go: the baseline
 * pays for none of the case's work. One round is close to the old method.
 */
export async function measureBeside(
  name: string,
  one: () => Promise<void>,
  options: { baseUrl: string; concurrency: number; rounds: number; sliceSeconds: number; settle?: () => Promise<void> },
): Promise<TBeside> {
  const slices: Array<{ baseline: TSlice; result: TSlice }> = [];
  for (let round = 0; round < options.rounds; round++) {
    await options.settle?.();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_PAUSE_MS));
    const baseline = await timedSlice(
      baselineCase(options.baseUrl),
      { seconds: options.sliceSeconds },
      options.concurrency,
    );
    const result = await timedSlice(one, { seconds: options.sliceSeconds }, options.concurrency);
    slices.push({ baseline, result });
  }
  const ratios = slices.map(
    ({ baseline, result }) => result.calls / result.seconds / (baseline.calls / baseline.seconds),
  );
  const baseline = summarize(
    "baseline: POST bare 202 handler",
    slices.map((slice) => slice.baseline),
  );
  const result = summarize(
    name,
    slices.map((slice) => slice.result),
  );
  return { result, baseline, ratio: result.perSecond / baseline.perSecond, ratios };
}

const SETTLE_PAUSE_MS = 500;

type TSlice = { calls: number; seconds: number; latencies: number[] };

/** Runs `one` over `concurrency` clients until `calls` have started, or for `seconds`. */
async function timedSlice(
  one: () => Promise<void>,
  until: { calls: number } | { seconds: number },
  concurrency: number,
): Promise<TSlice> {
  const latencies: number[] = [];
  let started = 0;
  const begun = performance.now();
  const more = "calls" in until ? () => started < until.calls : () => performance.now() - begun < until.seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (more()) {
        started++;
        const begin = performance.now();
        await one();
        latencies.push(performance.now() - begin);
      }
    }),
  );
  return { calls: latencies.length, seconds: (performance.now() - begun) / 1000, latencies };
}

function summarize(name: string, slices: TSlice[]): TResult {
  const latencies = slices.flatMap((slice) => slice.latencies).sort((a, b) => a - b);
  const seconds = slices.reduce((sum, slice) => sum + slice.seconds, 0);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { name, perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

/** The command-line options of measureBeside, shared by the ratio benchmarks (parseArgs). */
export const BESIDE_OPTIONS = {
  rounds: { type: "string", default: "8" },
  "slice-seconds": { type: "string", default: "2" },
  "metrics-token": { type: "string" },
} as const;

/** measureBeside with a benchmark's parsed BESIDE_OPTIONS; says once when slices cannot settle. */
export function besideRunner(
  baseUrl: string,
  concurrency: number,
  values: { rounds: string; "slice-seconds": string; "metrics-token"?: string },
) {
  const token = values["metrics-token"];
  if (!token)
    console.log("no --metrics-token: slices do not wait for the engine to finish the turns a case left behind");
  const options = {
    baseUrl,
    concurrency,
    rounds: Number(values.rounds),
    sliceSeconds: Number(values["slice-seconds"]),
    settle: () => waitForIdleEngine(baseUrl, token),
  };
  return (name: string, one: () => Promise<void>) => measureBeside(name, one, options);
}

/** The markdown table of docs/benchmarks.md for cases measured beside their own baseline slices. */
export function printBesideTable(cases: TBeside[]): void {
  console.log(
    `| case | per second | p50 ms | p99 ms | its baseline slices, per second | per second vs baseline | rounds' ratios, min-max |`,
  );
  console.log(`|---|---|---|---|---|---|---|`);
  for (const { result, baseline, ratio, ratios } of cases) {
    const range = `${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)}`;
    console.log(
      `| ${result.name} | ${result.perSecond.toFixed(1)} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} | ${baseline.perSecond.toFixed(1)} | ${ratio.toFixed(3)} | ${range} |`,
    );
  }
}

/** Agent-turn and flow-run jobs queued or running, summed from the metrics' `aas_queue_jobs` lines. */
function executionJobs(metrics: string): number {
  let jobs = 0;
  for (const [, labels, count] of metrics.matchAll(/^aas_queue_jobs\{([^}]*)\} (\d+)/gm)) {
    if (/queue="(agent-turn|flow-run)"/.test(labels!)) jobs += Number(count);
  }
  return jobs;
}

/**
 * Waits (up to `timeoutMs`) until no execution job is queued or running, read from the
 * service's metrics (`aas_queue_jobs`; the server needs METRICS_TOKEN). Without a token it
 * returns at once: the caller says so in its output.
 */
export async function waitForIdleEngine(
  baseUrl: string,
  metricsToken: string | undefined,
  timeoutMs = 120_000,
): Promise<void> {
  if (!metricsToken) return;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    if (response.status !== 200)
      throw new Error(`metrics answered ${response.status}: is METRICS_TOKEN set on the server?`);
    if (executionJobs(await response.text()) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the engine did not become idle in time");
}
