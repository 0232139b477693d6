// Real models at real speed (issue 38): sessions whose agent calls a provider model that answers
// after --model-ms (2 s, what a real model does), through the real OpenAI Responses wire protocol
// (test/fake-llm-server.ts), against a running service on its defaults.
// Usage: npx tsx bench/real-models.ts --base-url URL [--llm-port 4091] [--model-ms 2000]
//   [--sessions 50,200,1000] [--orgs 1,8] [--server-pid PID] [--warm-up 50]
// The service must run with ALLOW_FIXTURES=1, OPENAI_BASE_URL=http://127.0.0.1:<llm-port>/v1 and
// OPENAI_API_KEY=bench. For each size and organization count: all sessions opened at once (spread
// over the organizations), then the time until every turn completed against the ideal (one model
// latency), the time until every open was answered (intake), turns/s, p50/p99 from open to
// turn.completed, another organization's fresh turn opened once the burst is accepted (its time
// beyond the model's: what the backlog ahead of it costs it), and with --server-pid the server's
// resident memory at its peak over idle, per turn in flight. A warm-up burst (--warm-up sessions,
// not measured) runs first.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { startFakeLlmServer } from "../test/fake-llm-server";
import { expectStatus, fixtureWorld, openSession, waitForCompletion } from "./measure";

const { values } = parseArgs({
  options: {
    "base-url": { type: "string", default: "http://127.0.0.1:3000" },
    "llm-port": { type: "string", default: "4091" },
    "model-ms": { type: "string", default: "2000" },
    sessions: { type: "string", default: "50,200,1000" },
    orgs: { type: "string", default: "1,8" },
    "server-pid": { type: "string" },
    "warm-up": { type: "string", default: "50" },
  },
});
const baseUrl = values["base-url"]!;
const modelMs = Number(values["model-ms"]);
const serverPid = values["server-pid"];
const llm = await startFakeLlmServer({
  port: Number(values["llm-port"]),
  delayMs: modelMs,
  fallback: { text: ["Done", "."], usage: { input: 20, output: 2 } },
  recordRequests: false,
});

type TOrg = { headers: Record<string, string>; agentId: string };
type TWorldOrg = { users: { owner: { apiKey: string } }; domains: Record<string, { id: string }> };

/** A published agent of the organization on a provider model (the fake server answers it). */
async function providerAgent(org: TWorldOrg): Promise<TOrg> {
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
  return { headers, agentId: created.id };
}

// Each fixture world brings two organizations; the last one built stays out of every burst.
const orgCounts = values.orgs!.split(",").map(Number);
const worlds = Array.from({ length: Math.ceil((Math.max(...orgCounts) + 1) / 2) }, () => fixtureWorld(baseUrl));
const orgs: TOrg[] = [];
for (const world of worlds) {
  orgs.push(await providerAgent(world.orgs.acme as TWorldOrg));
  orgs.push(await providerAgent(world.orgs.globex as TWorldOrg));
}
const other = orgs.pop()!;

// When the latest open of the running burst was answered (intake, apart from completion).
let lastAccepted = 0;

/** Opens a session and resolves with the milliseconds from the open to its turn.completed. */
async function timedTurn(org: TOrg, label: string, accepted?: () => void): Promise<number> {
  const started = performance.now();
  const sessionId = await openSession(baseUrl, org.headers, org.agentId, label).finally(accepted);
  lastAccepted = Math.max(lastAccepted, performance.now());
  await waitForCompletion(baseUrl, org.headers, sessionId);
  return performance.now() - started;
}

/** The server's resident memory in bytes (Linux /proc), or null without --server-pid. */
function residentBytes(): number | null {
  if (!serverPid) return null;
  const line = readFileSync(`/proc/${serverPid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) * 1024 : null;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const seconds = (ms: number) => (ms / 1000).toFixed(2);

// A service that has served traffic before: one unmeasured burst over every organization first,
// so the first measured burst does not pay for compiling the open and the model call paths.
const warmUp = Number(values["warm-up"]);
await Promise.all(Array.from({ length: warmUp }, (_, index) => timedTurn(orgs[index % orgs.length]!, `warm ${index}`)));

console.log(
  `| sessions | orgs | all accepted (s) | all done (s) | ideal (s) | achieved/ideal | turns/s | p50 (s) | p99 (s) | other org beyond its model (s) | peak RSS over idle (MiB) | per turn (KiB) | errors |`,
);
console.log(`|---|---|---|---|---|---|---|---|---|---|---|---|---|`);
for (const orgCount of orgCounts) {
  for (const size of values.sessions!.split(",").map(Number)) {
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // the last burst's streams close
    const idle = residentBytes();
    let peak = idle ?? 0;
    const sampler = setInterval(() => (peak = Math.max(peak, residentBytes() ?? 0)), 100);
    const started = performance.now();
    lastAccepted = started;
    let errors = 0;
    let firstError = "";
    // Another organization's fresh turn, opened once the whole burst is accepted: a backlog of
    // `size` turns of other organizations is queued or running ahead of it.
    let waiting = size;
    let backlogQueued: () => void = () => undefined;
    const burstAccepted = new Promise<void>((resolve) => (backlogQueued = resolve));
    const accepted = () => --waiting === 0 && backlogQueued();
    const turns = Array.from({ length: size }, (_, index) =>
      timedTurn(orgs[index % orgCount]!, `burst ${index}`, accepted).catch((error: unknown) => {
        errors++;
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        firstError ||= `${String(error)}${cause ? ` (${cause.code ?? cause.message})` : ""}`;
        return Number.NaN;
      }),
    );
    const otherTurn = burstAccepted.then(() => timedTurn(other, "fresh"));
    const times = (await Promise.all(turns)).filter((ms) => !Number.isNaN(ms)).sort((a, b) => a - b);
    const elapsed = performance.now() - started;
    const otherMs = await otherTurn;
    clearInterval(sampler);
    const overIdle = idle === null ? null : peak - idle;
    console.log(
      [
        size,
        orgCount,
        seconds(lastAccepted - started),
        seconds(elapsed),
        seconds(modelMs),
        (modelMs / elapsed).toFixed(2),
        ((times.length / elapsed) * 1000).toFixed(1),
        seconds(percentile(times, 0.5)),
        seconds(percentile(times, 0.99)),
        seconds(otherMs - modelMs),
        overIdle === null ? "-" : (overIdle / 2 ** 20).toFixed(0),
        overIdle === null ? "-" : (overIdle / size / 1024).toFixed(0),
        errors ? `${errors} (${firstError.slice(0, 120)})` : 0,
      ]
        .join(" | ")
        .replace(/^/, "| ") + " |",
    );
  }
}
await llm.close();
