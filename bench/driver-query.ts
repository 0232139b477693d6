// What one raw statement costs this process's CPU through Prisma's $queryRaw and on the driver
// (queryRows outside a transaction), alternated in one process so the machine's drift falls on
// both alike. The statement is the shape of the hot path's: a CTE with parameters, a few typed
// columns back.
// Usage: DATABASE_URL=postgresql://... npx tsx bench/driver-query.ts [--rounds 5] [--statements 2000]
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { migrateDatabase, openDatabase } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";

const { values } = parseArgs({
  options: { rounds: { type: "string", default: "5" }, statements: { type: "string", default: "2000" } },
});
const url = process.env.DATABASE_URL;
if (!url?.startsWith("postgres"))
  throw new Error("DATABASE_URL must name a PostgreSQL database: the driver path is PostgreSQL's");
const database = openDatabase({ url });
await migrateDatabase(database);

const statement =
  () => Prisma.sql`WITH asked AS (SELECT ${randomUUID()}::uuid AS id, ${new Date()}::timestamp(3) AS at, ${"QUEUED"}::text AS status)
  SELECT id, at, status, octet_length(status)::int8 AS size, jsonb_build_object('resumed', false) AS data FROM asked`;
const paths = {
  prisma: () => database.prisma.$queryRaw<unknown[]>(statement()),
  driver: () => database.driverQuery!<unknown>(statement()),
};

async function cpuPerStatement(run: () => Promise<unknown>, count: number): Promise<number> {
  const started = process.cpuUsage();
  // Eight at a time, as a loaded server runs them.
  for (let done = 0; done < count; done += 8) await Promise.all(Array.from({ length: 8 }, run));
  const used = process.cpuUsage(started);
  return (used.user + used.system) / count;
}

const count = Number(values.statements);
// Next.js runs every request in AsyncLocalStorage contexts, which makes each promise dearer; the
// statements run in one too.
const context = new AsyncLocalStorage<{ request: number }>();
await context.run({ request: 1 }, async () => {
  for (const run of Object.values(paths)) await cpuPerStatement(run, count); // warm both
  const results: Record<keyof typeof paths, number[]> = { prisma: [], driver: [] };
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const [name, run] of Object.entries(paths))
      results[name as keyof typeof paths].push(await cpuPerStatement(run, count));
  }
  console.log("| path | µs of this process's CPU per statement, each round |");
  console.log("|---|---|");
  for (const [name, rounds] of Object.entries(results))
    console.log(`| ${name} | ${rounds.map((value) => value.toFixed(0)).join(", ")} |`);
});
await database.close();
