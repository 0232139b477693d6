// Two builds of the service side by side: echo cycles (open, then the stream until
// `turn.completed`) against each in alternating batches, so both meet the same machine state.
// On these shared 2-core machines the speed drifts by half within minutes, which swamps a
// change of 10% between runs made one after the other; within one run it falls on both alike.
// Reports the web process's CPU per cycle for each build, batch by batch, and the median ratio;
// PostgreSQL's beside it (it also holds the idle build's few background statements).
// --case fire: API fires of the fixture's three-subscriber trigger instead (202 only; run the
// servers with ENGINE_IN_PROCESS=0 to compare the fire's own cost, without its turns).
// Usage: npx tsx bench/compare-builds.ts --a URL --a-pid PID --b URL --b-pid PID [--batches 8] [--cycles 200] [--case echo|fire]
// Each server runs with ALLOW_FIXTURES=1 and its own database.
import { parseArgs } from "node:util";
import { expectStatus, fixtureWorld, measure, openSession, waitForCompletion } from "./measure";
import { cpuTicksOf, postgresCpuTicks } from "./process-cpu";

const { values } = parseArgs({
  options: {
    a: { type: "string" },
    "a-pid": { type: "string" },
    b: { type: "string" },
    "b-pid": { type: "string" },
    batches: { type: "string", default: "8" },
    cycles: { type: "string", default: "200" },
    case: { type: "string", default: "echo" },
  },
});

type TSide = { label: string; baseUrl: string; pid: string; cycle: () => Promise<void> };

function side(label: string, baseUrl: string | undefined, pid: string | undefined): TSide {
  if (!baseUrl || !pid) throw new Error(`--${label} and --${label}-pid are required`);
  const world = fixtureWorld(baseUrl);
  const headers = { authorization: `Bearer ${world.orgs.acme.users.owner.apiKey}`, "content-type": "application/json" };
  const agentId = world.orgs.acme.agents.echo.id as string;
  const echo = async () => waitForCompletion(baseUrl, headers, await openSession(baseUrl, headers, agentId));
  const fireBody = JSON.stringify({
    triggerId: world.orgs.acme.triggers.api.id,
    input: { prompt: "bench" },
    callerCredentials: { integrations: { "service.http": { token: "bench" } } },
  });
  const fire = async () =>
    void (await expectStatus(
      await fetch(`${baseUrl}/api/v1/triggers/fire`, { method: "POST", headers, body: fireBody }),
      202,
    ));
  const cycle = values.case === "fire" ? fire : echo;
  return { label, baseUrl, pid, cycle };
}

const sides = [side("a", values.a, values["a-pid"]), side("b", values.b, values["b-pid"])];
const cycles = Number(values.cycles);
for (const one of sides) await measure("warm-up", one.cycle, cycles, 8);

const msPerCycle: Record<string, number[]> = { a: [], b: [] };
const postgresMsPerCycle: Record<string, number[]> = { a: [], b: [] };
for (let batch = 0; batch < Number(values.batches); batch++) {
  // Alternate which goes first, so neither always meets the machine right after the other.
  for (const one of batch % 2 === 0 ? sides : [...sides].reverse()) {
    const [before, postgresBefore] = [cpuTicksOf(one.pid), postgresCpuTicks()];
    await measure(one.label, one.cycle, cycles, 8);
    msPerCycle[one.label]!.push(((cpuTicksOf(one.pid) - before) * 10) / cycles);
    postgresMsPerCycle[one.label]!.push(((postgresCpuTicks() - postgresBefore) * 10) / cycles);
  }
}
const median = (list: number[]) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)]!;
console.log(
  `| build | ms CPU per ${values.case === "fire" ? "fire" : "echo cycle"}, batch by batch: web process | PostgreSQL |\n|---|---|---|`,
);
for (const label of ["a", "b"]) {
  console.log(
    `| ${label} | ${msPerCycle[label]!.map((ms) => ms.toFixed(2)).join(", ")} | ${postgresMsPerCycle[label]!.map((ms) => ms.toFixed(2)).join(", ")} |`,
  );
}
for (const [name, byLabel] of [
  ["web process", msPerCycle],
  ["PostgreSQL", postgresMsPerCycle],
] as const) {
  const ratios = byLabel.b!.map((b, index) => b / byLabel.a![index]!);
  console.log(
    `${name}: b / a, median of ${ratios.length} batches ${median(ratios).toFixed(3)} (range ${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)})`,
  );
}
