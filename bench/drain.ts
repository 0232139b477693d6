// Engine drain benchmark: queues N echo turns while no engine runs, then starts the engine in
// this process (and, with --workers 2 on PostgreSQL, in a second process) and measures how fast
// the backlog completes. The same code path as production: startSessions queues the jobs in the
// sessions' transactions, registerWorkers runs them.
// --cpu-quota S (PostgreSQL, root): every engine process runs as a child confined to S of one core
// (bench/cpu-quota.ts), so one against two processes shows how the engine scales when each has
// its own share of a core, on a machine whose 2 cores also run PostgreSQL and this counter.
// Usage: DATABASE_URL=postgresql://... npx tsx bench/drain.ts [--turns 1000] [--workers 1|2] [--slots 4] [--cpu-quota 0.5]
//        DATA_DIR=/tmp/drain-pglite npx tsx bench/drain.ts --turns 1000     (embedded database)
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import { confineToCpuShare } from "./cpu-quota";

const { values } = parseArgs({
  options: {
    turns: { type: "string", default: "1000" },
    workers: { type: "string", default: "1" },
    slots: { type: "string" },
    role: { type: "string", default: "main" },
    "cpu-quota": { type: "string" },
  },
});
// ENGINE_SLOTS is read by env.ts at import, so it is set before the server modules load.
if (values.slots) process.env.ENGINE_SLOTS = values.slots;
process.env.LOG_LEVEL ??= "warn";

const { db, ready } = await import("../src/server/db/client");
const { startQueue, stopQueue } = await import("../src/server/jobs/queue");
const { registerWorkers } = await import("../src/server/engine/workers");
const { env } = await import("../src/server/env");

const database = await ready();
const boss = await startQueue(database);
if (!boss) throw new Error("the queue did not start");

if (values.role === "worker") {
  // A second engine process: waits for the word, then works the same queue.
  process.stdin.once("data", () => void registerWorkers(boss));
  process.stdout.write("worker ready\n");
  process.on("SIGTERM", () => void stopQueue().then(() => process.exit(0)));
} else {
  await main();
}

async function main() {
  const { addDomainMember, addOrgMember, createDomain, createOrganization, createUser } = await import("../test/factories");
  const { createAndPublishAgent } = await import("../src/server/services/agents/create-and-publish-agent");
  const { startSessions } = await import("../src/server/services/sessions/start-sessions");
  const turns = Number(values.turns);
  const workers = Number(values.workers);
  const cpuQuota = values["cpu-quota"] ? Number(values["cpu-quota"]) : null;
  if ((workers > 1 || cpuQuota) && database.kind !== "postgres") throw new Error("--workers 2 and --cpu-quota need DATABASE_URL: PGlite belongs to one process");

  const org = await createOrganization("Drain bench");
  const domain = await createDomain(org.id, "Ops");
  const user = await createUser();
  await addOrgMember(org.id, user.id, "OWNER");
  await addDomainMember(domain.id, user.id, "OWNER");
  const actor = { kind: "user" as const, userId: user.id, email: user.email, name: user.name, orgId: org.id, orgRole: "OWNER" as const, via: "api_key" as const, credentialId: null };
  const { agent } = await createAndPublishAgent(actor, { domainId: domain.id, name: "Echo", setup: { model: "builtin:echo", principles: "", procedure: "" }, changeNote: "bench" });

  // The backlog: queued exactly as API calls queue them, 100 sessions per transaction.
  for (let done = 0; done < turns; done += 100) {
    const batch = Array.from({ length: Math.min(100, turns - done) }, (_, index) => ({
      organizationId: org.id,
      domainId: domain.id,
      automationId: agent.id,
      revision: 1,
      origin: "API" as const,
      ownerId: user.id,
      message: `backlog ${done + index}`,
    }));
    await db().$transaction((tx) => startSessions(tx, batch));
  }

  // Without a quota this process is one of the engines; with one, every engine is a confined child.
  const children = [];
  const releases: (() => void)[] = [];
  for (let index = cpuQuota ? 0 : 1; index < workers; index++) {
    const child = spawn(process.execPath, ["--import", "tsx", "bench/drain.ts", "--role", "worker", ...(values.slots ? ["--slots", values.slots] : [])], { stdio: ["pipe", "pipe", "inherit"], env: process.env });
    if (cpuQuota) releases.push(confineToCpuShare(child.pid!, cpuQuota, `aas-drain-${process.pid}-${index}`));
    await new Promise<void>((resolve) => child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("worker ready") && resolve()));
    children.push(child);
  }

  const started = performance.now();
  for (const child of children) child.stdin!.write("go\n");
  if (!cpuQuota) await registerWorkers(boss!);
  const where = { organizationId: org.id, status: { in: ["COMPLETED" as const, "FAILED" as const] } };
  let settled = 0;
  let firstDoneAt = 0;
  while (settled < turns) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    settled = await db().turn.count({ where });
    if (!firstDoneAt && settled > 0) firstDoneAt = performance.now();
  }
  const seconds = (performance.now() - started) / 1000;
  const failed = await db().turn.count({ where: { organizationId: org.id, status: "FAILED" } });
  console.log(`| ${database.kind} | ${workers}${cpuQuota ? ` (each ${cpuQuota} of a core)` : ""} | ${env.ENGINE_SLOTS} | ${turns} | ${seconds.toFixed(2)} | ${(turns / seconds).toFixed(1)} | ${failed} |`);
  await Promise.all(children.map((child) => new Promise((resolve) => child.once("exit", resolve).kill("SIGTERM"))));
  for (const release of releases) release();
  await stopQueue();
  await database.close();
  process.exit(failed ? 1 : 0);
}
