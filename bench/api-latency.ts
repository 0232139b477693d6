// Latency and throughput of the authenticated API paths, each beside a baseline in the same run.
// Usage: npx tsx bench/api-latency.ts --base-url http://127.0.0.1:3000 [--requests 2000] [--concurrency 8]
// The service must run with ALLOW_FIXTURES=1 (the benchmark builds its own fixture world).
import { parseArgs } from "node:util";
import { fixtureWorld } from "./measure";

const { values } = parseArgs({
  options: {
    "base-url": { type: "string", default: "http://127.0.0.1:3000" },
    requests: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "8" },
  },
});
const baseUrl = values["base-url"]!;
const total = Number(values.requests);
const concurrency = Number(values.concurrency);

type TCase = { name: string; request: () => Promise<Response>; expect: number };

async function measure({ name, request, expect }: TCase) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const begin = performance.now();
        const response = await request();
        await response.arrayBuffer();
        if (response.status !== expect) throw new Error(`${name}: expected ${expect}, got ${response.status}`);
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(2);
  return { name, rps: Math.round(latencies.length / seconds), p50: at(0.5), p99: at(0.99) };
}

const world = fixtureWorld(baseUrl);
const owner = world.orgs.acme.users.owner;
const bearer = { authorization: `Bearer ${owner.apiKey}` };
const token = (
  await (
    await fetch(`${baseUrl}/api/v1/auth/token`, {
      method: "POST",
      headers: { cookie: `service_session=${owner.cookie}` },
    })
  ).json()
).token;

const cases: TCase[] = [
  {
    name: "baseline: GET /api/health (no auth, one SELECT 1)",
    request: () => fetch(`${baseUrl}/api/health`),
    expect: 200,
  },
  {
    name: "GET /api/v1/auth/whoami (yk_)",
    request: () => fetch(`${baseUrl}/api/v1/auth/whoami`, { headers: bearer }),
    expect: 200,
  },
  {
    name: "GET /api/v1/auth/whoami (yku_)",
    request: () => fetch(`${baseUrl}/api/v1/auth/whoami`, { headers: { authorization: `Bearer ${token}` } }),
    expect: 200,
  },
  {
    name: "GET /api/v1/auth/whoami (invalid key, uniform 404)",
    request: () =>
      fetch(`${baseUrl}/api/v1/auth/whoami`, { headers: { authorization: `Bearer ${owner.apiKey.slice(0, -4)}AAAA` } }),
    expect: 404,
  },
  {
    name: "POST /api/v1/auth/token (cookie)",
    request: () =>
      fetch(`${baseUrl}/api/v1/auth/token`, { method: "POST", headers: { cookie: `service_session=${owner.cookie}` } }),
    expect: 200,
  },
  {
    name: "GET /api/v1/authoring/integrations?q=http",
    request: () => fetch(`${baseUrl}/api/v1/authoring/integrations?q=http`, { headers: bearer }),
    expect: 200,
  },
  {
    name: "GET /api/v1/authoring/automations/{id}/verify",
    request: () =>
      fetch(`${baseUrl}/api/v1/authoring/automations/${world.orgs.acme.agents.httpWrite.id}/verify`, {
        headers: bearer,
      }),
    expect: 200,
  },
];

await measure(cases[0]!); // warm-up
const results = [];
for (const item of cases) results.push(await measure(item));
const baseline = results[0]!;
console.log(`| route | req/s | p50 ms | p99 ms | req/s vs baseline |`);
console.log(`|---|---|---|---|---|`);
for (const result of results) {
  console.log(
    `| ${result.name} | ${result.rps} | ${result.p50} | ${result.p99} | ${(result.rps / baseline.rps).toFixed(2)} |`,
  );
}
