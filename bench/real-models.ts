// Real models at real speed (issue 38): sessions whose agent calls a provider model that answers
// after --model-ms (2 s, what a real model does), through the real OpenAI Responses wire protocol
// (test/fake-llm-server.ts), against a running service on its defaults.
// Usage: npx tsx bench/real-models.ts --base-url URL [--llm-port 4091] [--model-ms 2000] [--sessions 50,200,1000]
// The service must run with ALLOW_FIXTURES=1, OPENAI_BASE_URL=http://127.0.0.1:<llm-port>/v1 and
// OPENAI_API_KEY=bench. For each size: all sessions of one organization opened at once, then the
// time until every turn completed against the ideal (one model latency), turns/s, p50/p99 from
// open to turn.completed, and another organization's fresh turn opened behind that backlog.
import { parseArgs } from "node:util";
import { startFakeLlmServer } from "../test/fake-llm-server";
import { expectStatus, fixtureWorld, openSession, waitForCompletion } from "./measure";

const { values } = parseArgs({
  options: {
    "base-url": { type: "string", default: "http://127.0.0.1:3000" },
    "llm-port": { type: "string", default: "4091" },
    "model-ms": { type: "string", default: "2000" },
    sessions: { type: "string", default: "50,200,1000" },
  },
});
const baseUrl = values["base-url"]!;
const modelMs = Number(values["model-ms"]);
const llm = await startFakeLlmServer({
  port: Number(values["llm-port"]),
  delayMs: modelMs,
  fallback: { text: ["Done", "."], usage: { input: 20, output: 2 } },
  recordRequests: false,
});
const world = fixtureWorld(baseUrl);

type TOrg = { headers: Record<string, string>; agentId: string };

/** A published agent of the organization on a provider model (the fake server answers it). */
async function providerAgent(org: { users: { owner: { apiKey: string } }; domains: Record<string, { id: string }> }) {
  const headers = { authorization: `Bearer ${org.users.owner.apiKey}`, "content-type": "application/json" };
  const domainId = Object.values(org.domains)[0]!.id;
  const created = (await expectStatus(
    await fetch(`${baseUrl}/api/v1/authoring/automations`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        domainId,
        name: `Real model ${Date.now()}`,
        initialSetup: { model: "openai:gpt-4.1-mini", procedure: "Answer briefly.", principles: "" },
      }),
    }),
    201,
  )) as { id: string };
  await expectStatus(
    await fetch(`${baseUrl}/api/v1/authoring/automations/${created.id}/publish`, { method: "POST", headers }),
    201,
  );
  return { headers, agentId: created.id } satisfies TOrg;
}

const busy = await providerAgent(world.orgs.acme);
const other = await providerAgent(world.orgs.globex);

/** Opens a session and resolves with the milliseconds from the open to its turn.completed. */
async function timedTurn(org: TOrg, label: string): Promise<number> {
  const started = performance.now();
  const sessionId = await openSession(baseUrl, org.headers, org.agentId, label);
  await waitForCompletion(baseUrl, org.headers, sessionId);
  return performance.now() - started;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

console.log(
  `| sessions | all done (s) | ideal (s) | achieved/ideal | turns/s | p50 (s) | p99 (s) | other org's turn (s) | errors |`,
);
console.log(`|---|---|---|---|---|---|---|---|---|`);
for (const size of values.sessions!.split(",").map(Number)) {
  const started = performance.now();
  let errors = 0;
  const turns = Array.from({ length: size }, (_, index) =>
    timedTurn(busy, `burst ${index}`).catch(() => {
      errors++;
      return Number.NaN;
    }),
  );
  // Another organization's fresh turn, opened once the burst is accepted.
  const otherTurn = new Promise((resolve) => setTimeout(resolve, 200)).then(() => timedTurn(other, "fresh"));
  const times = (await Promise.all(turns)).filter((ms) => !Number.isNaN(ms)).sort((a, b) => a - b);
  const seconds = (performance.now() - started) / 1000;
  const otherSeconds = (await otherTurn) / 1000;
  const ideal = modelMs / 1000;
  console.log(
    `| ${size} | ${seconds.toFixed(2)} | ${ideal.toFixed(1)} | ${(ideal / seconds).toFixed(2)} | ${(times.length / seconds).toFixed(1)} | ${(percentile(times, 0.5) / 1000).toFixed(2)} | ${(percentile(times, 0.99) / 1000).toFixed(2)} | ${otherSeconds.toFixed(2)} | ${errors} |`,
  );
}
await llm.close();
