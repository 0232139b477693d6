// Engine drain benchmark: queues N echo turns while no engine runs, then starts the engine in
// this process (and, with --workers 2 on PostgreSQL, in a second process) and measures how fast
// the backlog completes. The same code path as production: startSessions queues the jobs in the
// sessions' transactions, registerWorkers runs them.
// --cpu-quota S (PostgreSQL, root): every engine process runs as a child confined to S of one core
// (bench/cpu-quota.ts), so one against two processes shows how the engine scales when each has
// its own share of a core, on a machine whose 2 cores also run PostgreSQL and this counter.
// Usage: DATABASE_URL=postgresql://... npx tsx bench/drain.ts [--turns 1000] [--workers 1|2] [--slots 4] [--orgs 8] [--cpu-quota 0.5] [--warm-up 1000]
//        DATA_DIR=/tmp/drain-pglite npx tsx bench/drain.ts --turns 1000     (embedded database)
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import { confineToCpuShare } from "./cpu-quota";
import { cpuTicksOf } from "./process-cpu";

const { values } = parseArgs({
  options: {
    turns: { type: "string", default: "1000" },
    workers: { type: "string", default: "1" },
    slots: { type: "string" },
    role: { type: "string", default: "main" },
    "cpu-quota": { type: "string" },
    orgs: { type: "string", default: "8" },
    "warm-up": { type: "string", default: "0" },
  },
});
// ENGINE_MAX_IN_FLIGHT is read by env.ts at import, so it is set before the server modules load.
if (values.slots) process.env.ENGINE_MAX_IN_FLIGHT = values.slots;
process.env.LOG_LEVEL ??= "warn";

const { db, ready } = await import("../src/server/db/client");
const { startQueue, stopQueue } = await import("../src/server/jobs/queue");
const { registerWorkers } = await import("../src/server/engine/workers");
const { env } = await import("../src/server/env");

const database = await ready();
const boss = await startQueue(database);
if (!boss) throw new Error("the queue did not start");

if (values.role === "worker") {
  // Another engine process: starts its database client (its first query compiles Prisma's query
  // compiler), then waits for the word and works the same queue.
  await db().turn.count({ where: { status: "QUEUED" } });
  // Event handlers cannot await; a failure ends this process, which the main process sees.
  process.stdin.once("data", () => void registerWorkers(boss).catch(exitFailed));
  process.stdout.write("worker ready\n");
  process.on("SIGTERM", () => void stopQueue().then(() => process.exit(0), exitFailed));
} else {
  await main();
}

function exitFailed(error: unknown): never {
  process.stderr.write(`drain worker: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

async function main() {
  const { addDomainMember, addOrgMember, createDomain, createOrganization, createUser } =
    await import("../test/factories");
  const { createAndPublishAgent } = await import("../src/server/services/agents/create-and-publish-agent");
  const { startSessions } = await import("../src/server/services/sessions/start-sessions");
  const turns = Number(values.turns);
  const orgs = Number(values.orgs);
  const warmUp = Number(values["warm-up"]);
  const workers = Number(values.workers);
  const cpuQuota = values["cpu-quota"] ? Number(values["cpu-quota"]) : null;
  if ((workers > 1 || cpuQuota) && database.kind !== "postgres")
    throw new Error("--workers 2 and --cpu-quota need DATABASE_URL: PGlite belongs to one process");

  // The backlog spreads over --orgs organizations: each may run ENGINE_ORG_CONCURRENCY turns at
  // once across all engine processes, so a one-organization backlog measures that cap, not the engine.
  const tenants: { organizationId: string; domainId: string; automationId: string; ownerId: string }[] = [];
  for (let index = 0; index < orgs; index++) {
    const org = await createOrganization(`Drain bench ${index + 1}`);
    const domain = await createDomain(org.id, "Ops");
    const user = await createUser();
    await addOrgMember(org.id, user.id, "OWNER");
    await addDomainMember(domain.id, user.id, "OWNER");
    const actor = {
      kind: "user" as const,
      userId: user.id,
      email: user.email,
      name: user.name,
      orgId: org.id,
      orgRole: "OWNER" as const,
      via: "api_key" as const,
      credentialId: null,
    };
    const { agent } = await createAndPublishAgent(actor, {
      domainId: domain.id,
      name: "Echo",
      setup: { model: "builtin:echo", principles: "", procedure: "" },
      changeNote: "bench",
    });
    tenants.push({ organizationId: org.id, domainId: domain.id, automationId: agent.id, ownerId: user.id });
  }

  // A backlog: queued exactly as API calls queue them, 100 sessions per transaction.
  async function queueTurns(count: number, label: string): Promise<void> {
    for (let done = 0; done < count; done += 100) {
      const batch = Array.from({ length: Math.min(100, count - done) }, (_, index) => ({
        ...tenants[(done + index) % orgs]!,
        revision: 1,
        origin: "API" as const,
        message: `${label} ${done + index}`,
      }));
      await db().$transaction((tx) => startSessions(tx, batch));
    }
  }
  const organizationIds = { in: tenants.map((tenant) => tenant.organizationId) };
  const where = { organizationId: organizationIds, status: { in: ["COMPLETED" as const, "FAILED" as const] } };
  const settledCount = () => db().turn.count({ where });

  // With --warm-up, the engines first run that many turns each, so the measured backlog meets
  // warm processes (each process's first turns run cold code, about 3 s of CPU); the measured
  // backlog is then queued while they run, as API calls would queue it.
  if (!warmUp) await queueTurns(turns, "backlog");
  else await queueTurns(warmUp * workers, "warm-up");

  // Without a quota this process is one of the engines; with one, every engine is a confined child.
  const children = [];
  const releases: (() => void)[] = [];
  for (let index = cpuQuota ? 0 : 1; index < workers; index++) {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "bench/drain.ts", "--role", "worker", ...(values.slots ? ["--slots", values.slots] : [])],
      { stdio: ["pipe", "pipe", "inherit"], env: process.env },
    );
    if (cpuQuota) releases.push(confineToCpuShare(child.pid!, cpuQuota, `aas-drain-${process.pid}-${index}`));
    await new Promise<void>((resolve) =>
      child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("worker ready") && resolve()),
    );
    children.push(child);
  }

  for (const child of children) child.stdin!.write("go\n");
  if (!cpuQuota) await registerWorkers(boss!);
  const alreadySettled = warmUp * workers;
  while (warmUp && (await settledCount()) < alreadySettled) await new Promise((resolve) => setTimeout(resolve, 50));
  const cpuAtStart = children.map((child) => cpuTicksOf(child.pid!) * 10);
  const started = performance.now();
  if (warmUp) await queueTurns(turns, "backlog");

  // The steady rate is read between 10% and 90% settled: it leaves out what warm-up is left.
  let settled = 0;
  const crossed: { at: number; settled: number }[] = [];
  while (settled < turns) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    settled = (await settledCount()) - alreadySettled;
    if (crossed.length === 0 && settled >= turns * 0.1) crossed.push({ at: performance.now(), settled });
    if (crossed.length === 1 && settled >= turns * 0.9) crossed.push({ at: performance.now(), settled });
  }
  const seconds = (performance.now() - started) / 1000;
  const [from, to] = crossed;
  const steady =
    from && to && to.at > from.at ? ((to.settled - from.settled) / ((to.at - from.at) / 1000)).toFixed(1) : "n/a";
  const cpuPerTurn = cpuQuota
    ? ` (engine CPU ${(children.reduce((sum, child, index) => sum + cpuTicksOf(child.pid!) * 10 - cpuAtStart[index]!, 0) / turns).toFixed(2)} ms per turn)`
    : "";
  const failed = await db().turn.count({ where: { organizationId: organizationIds, status: "FAILED" } });
  console.log(
    `| ${database.kind} | ${workers}${cpuQuota ? ` (each ${cpuQuota} of a core)` : ""}${warmUp ? `, warmed by ${warmUp} turns` : ""} | ${env.ENGINE_MAX_IN_FLIGHT} | ${orgs} (${env.ENGINE_ORG_CONCURRENCY || "no cap"} each) | ${turns} | ${seconds.toFixed(2)} | ${(turns / seconds).toFixed(1)} | ${steady}${cpuPerTurn} | ${failed} |`,
  );
  await Promise.all(children.map((child) => new Promise((resolve) => child.once("exit", resolve).kill("SIGTERM"))));
  for (const release of releases) release();
  await stopQueue();
  await database.close();
  process.exit(failed ? 1 : 0);
}
