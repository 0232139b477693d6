import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll } from "vitest";
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "../src/server/db/generated/client";
import { ready, useDatabase, type TDatabase } from "../src/server/db/client";
import type { TDriverQuery } from "../src/server/db/driver-query";
import { agentsWorld, type TAgentsWorld } from "./agents-kit";
import { publishAgent, startEngine, stopEngine } from "./sessions-kit";

// How many statements and transactions a piece of work costs: the process database is swapped
// for a Prisma client whose driver adapter counts what it is asked to run (both databases), so
// a change that adds a round trip to a hot path shows up in a test, not only in a benchmark.
// Statements the rate limiter runs on the pool itself are not Prisma's and are not counted.

export type TStatementCount = { statements: string[]; transactions: number };

const count: TStatementCount = { statements: [], transactions: 0 };
let counting = false;

function countQueryable<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver);
      if (typeof value !== "function") return value;
      if (key === "queryRaw" || key === "executeRaw") {
        return (query: SqlQuery) => {
          if (counting && !/^(BEGIN|COMMIT|ROLLBACK)\b/i.test(query.sql)) count.statements.push(query.sql);
          return value.call(object, query);
        };
      }
      if (key === "startTransaction") {
        return async (...args: unknown[]) => {
          if (counting) count.transactions++;
          return countQueryable((await value.apply(object, args)) as Transaction);
        };
      }
      return value.bind(object);
    },
  });
}

function countingFactory(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  return new Proxy(factory, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver);
      if (key === "connect") return async () => countQueryable((await factory.connect()) as SqlDriverAdapter);
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}

/** Hot statements PostgreSQL runs on the driver, past Prisma (queryRows), count the same. */
function countingDriver(driverQuery: TDriverQuery): TDriverQuery {
  return (query) => {
    if (counting) count.statements.push(query.text);
    return driverQuery(query);
  };
}

/** Swaps in the counting client; returns the database to restore afterwards. */
export async function useCountingDatabase(): Promise<TDatabase> {
  const original = await ready();
  const factory = original.pglite ? new PrismaPGlite(original.pglite) : new PrismaPg(original.pool!);
  const driverQuery = original.driverQuery && countingDriver(original.driverQuery);
  useDatabase({ ...original, prisma: new PrismaClient({ adapter: countingFactory(factory) }), driverQuery });
  return original;
}

/** The statements (without BEGIN/COMMIT) and transactions `work` ran. */
export async function countStatements(work: () => Promise<unknown>): Promise<TStatementCount> {
  count.statements = [];
  count.transactions = 0;
  counting = true;
  try {
    await work();
  } finally {
    counting = false;
  }
  return { statements: [...count.statements], transactions: count.transactions };
}

/** How many of the statements read `table` (a SELECT, or a WITH whose members read it). */
export const readsOf = (cost: TStatementCount, table: string) =>
  cost.statements.filter(
    (sql) => /^(SELECT|WITH)\b/.test(sql.trimStart()) && new RegExp(`FROM ("public"\\.)?"?${table}"?[\\s]`).test(sql),
  ).length;

/** Prints the statements, one line each (for the record in the test's output). */
export const reportStatements = (name: string, cost: TStatementCount) =>
  console.log(
    `${name}: ${cost.statements.length} statements, ${cost.transactions} transactions\n${cost.statements.map((sql) => `  ${sql.replace(/\s+/g, " ").trim().slice(0, 120)}`).join("\n")}`,
  );

/**
 * The world a request's cost is counted in: the fixture organizations, one published echo agent
 * of the owner's, the queue running without workers (nothing runs the queued turns) and the
 * counting database in place, for every test of the calling file. Filled in by its beforeAll.
 */
export function useCountedEchoWorld(): { world: TAgentsWorld; agentId: string } {
  const setup = {} as { world: TAgentsWorld; agentId: string };
  let original: TDatabase;
  beforeAll(async () => {
    setup.world = await agentsWorld();
    await startEngine({ workers: false });
    setup.agentId = await publishAgent(setup.world.people.owner.actor, setup.world.acme.ops, { model: "builtin:echo" });
    original = await useCountingDatabase();
  });
  afterAll(async () => {
    useDatabase(original);
    await stopEngine();
  });
  return setup;
}
