// What every benchmark shares: the fixture world, running one case with N concurrent clients,
// checking statuses, opening and following a session, the same-run 202 baseline, and printing
// the table with the ratio to the baseline.
import { execFileSync } from "node:child_process";

export type TResult = { name: string; perSecond: number; p50: number; p99: number };

/** Runs `one` `total` times over `concurrency` clients; rate and p50/p99 latency in ms. */
export async function measure(name: string, one: () => Promise<void>, total: number, concurrency: number): Promise<TResult> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const begin = performance.now();
        await one();
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { name, perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

export async function expectStatus(response: Response, status: number): Promise<unknown> {
  const body = await response.json();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** The same-run baseline: a bare route handler on the same server answering 202 without work. */
export const baselineCase = (baseUrl: string) => () =>
  fetch(`${baseUrl}/api/internal/bench-baseline`, { method: "POST", body: "{}" }).then((response) => expectStatus(response, 202).then(() => undefined));

/** The fixture world (scripts/fixtures.ts, FIXTURES.md) built through the running service. */
export function fixtureWorld(baseUrl: string, httpTarget?: string) {
  const args = ["scripts/fixtures.ts", "--base-url", baseUrl, ...(httpTarget ? ["--http-target", httpTarget] : [])];
  return JSON.parse(execFileSync("node_modules/.bin/tsx", args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }));
}

/** Opens a session on an agent (expecting the 202); its id. */
export async function openSession(baseUrl: string, headers: Record<string, string>, agentId: string, message = "bench"): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/agents/${agentId}/sessions`, { method: "POST", headers, body: JSON.stringify({ message }) });
  return ((await expectStatus(response, 202)) as { sessionId: string }).sessionId;
}

/** Reads a session's stream from its first event until `turn.completed` (or throws after 60 s). */
export async function waitForCompletion(baseUrl: string, headers: Record<string, string>, sessionId: string): Promise<void> {
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

/** The markdown table of docs/benchmarks.md; the first result is the baseline. */
export function printTable(results: TResult[]): void {
  const base = results[0]!;
  console.log(`| case | per second | p50 ms | p99 ms | per second vs baseline |`);
  console.log(`|---|---|---|---|---|`);
  for (const result of results) {
    console.log(`| ${result.name} | ${result.perSecond.toFixed(1)} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} | ${(result.perSecond / base.perSecond).toFixed(3)} |`);
  }
}
