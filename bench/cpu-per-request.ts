// Where a request's CPU goes: milliseconds of CPU per request spent by the web process, by
// PostgreSQL (all its processes on this machine, with the backends that ended meanwhile) and by this client, for the bare 202 baseline,
// the open of a session (202 only), and an echo cycle (the open, then its stream read until
// `turn.completed`: the turn runs in the web process unless ENGINE_IN_PROCESS=0 and a worker
// runs it), a cycle whose turn makes one HTTP tool call (`tool`), each run twice (the second run is the warm one). Rates beside them
// are for orientation; bench/sessions.ts is the benchmark of record.
// Usage: npx tsx bench/cpu-per-request.ts --base-url URL --server-pid PID [--requests 2000] [--cases baseline,open,echo,tool]
// The service must run with ALLOW_FIXTURES=1 (engine on or off: --cases open measures the open's
// own cost with ENGINE_IN_PROCESS=0) and with RATE_LIMIT_V1_PER_CREDENTIAL above the request count.
import { createServer, type Server } from "node:http";
import { parseArgs } from "node:util";
import { baselineCase, fixtureWorld, measure, openSession, waitForCompletion } from "./measure";
import { cpuTicksOf, postgresCpuTicks } from "./process-cpu";

const { values } = parseArgs({
  options: {
    "base-url": { type: "string", default: "http://127.0.0.1:3000" },
    "server-pid": { type: "string" },
    requests: { type: "string", default: "2000" },
    cases: { type: "string", default: "baseline,open" },
  },
});
const baseUrl = values["base-url"]!;
const serverPid = values["server-pid"];
const total = Number(values.requests);
if (!serverPid) throw new Error("--server-pid is required: the web process whose CPU is counted");

const world = fixtureWorld(baseUrl, "http://127.0.0.1:4090");
const headers = { authorization: `Bearer ${world.orgs.acme.users.owner.apiKey}`, "content-type": "application/json" };

const open = (agentId: string = world.orgs.acme.agents.echo.id) => openSession(baseUrl, headers, agentId);

const CASES: Record<string, () => Promise<void>> = {
  baseline: baselineCase(baseUrl),
  open: () => open().then(() => undefined),
  echo: async () => waitForCompletion(baseUrl, headers, await open()),
  tool: async () => waitForCompletion(baseUrl, headers, await open(world.orgs.acme.agents.httpRead.id)),
};

/** One case over 8 clients, with the CPU each side spent on it. */
async function run(name: string): Promise<void> {
  const one = CASES[name];
  if (!one) throw new Error(`unknown case ${name}; known: ${Object.keys(CASES).join(", ")}`);
  const server = cpuTicksOf(serverPid!);
  const postgres = postgresCpuTicks();
  const client = process.cpuUsage();
  const { perSecond } = await measure(name, one, total, 8);
  const clientMs = process.cpuUsage(client);
  const perRequest = (ticks: number) => ((ticks * 10) / total).toFixed(2);
  console.log(
    `| ${name} | ${perSecond.toFixed(1)} | ${perRequest(cpuTicksOf(serverPid!) - server)} | ${perRequest(postgresCpuTicks() - postgres)} | ${((clientMs.user + clientMs.system) / 1000 / total).toFixed(2)} |`,
  );
}

console.log("| case | per second | web ms CPU / request | PostgreSQL ms CPU / request | client ms CPU / request |");
console.log("|---|---|---|---|---|");
const cases = values.cases!.split(",");
// The tool case's HTTP call goes to a receiver here that answers at once (the fixture world's
// HTTP target, which the service must allow: HTTP_TOOL_ALLOWED_HOSTS=127.0.0.1:4090).
const receiver = cases.includes("tool")
  ? await new Promise<Server>((resolve) => {
      const server = createServer((request, response) => {
        request.resume();
        request.on("end", () => response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'));
      });
      server.listen(4090, "127.0.0.1", () => resolve(server));
    })
  : null;
for (let round = 0; round < 2; round++) for (const name of cases) await run(name);
receiver?.close();
