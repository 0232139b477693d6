import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { env } from "@/server/env";
import { driverQuery, type TDriverQuery } from "./driver-query";
import { PrismaClient, type Prisma } from "./generated/client";
import { applyMigrations, migrationSession, migrationsDir } from "./migrate";
import { statementNamer } from "./statement-names";

export type TDatabaseKind = "pglite" | "postgres";

/** One open database: the Prisma client plus the raw handle the queue and migrator need. */
export type TDatabase = {
  kind: TDatabaseKind;
  prisma: PrismaClient;
  pglite?: PGlite;
  pool?: pg.Pool;
  connectionString?: string;
  /** PostgreSQL: hot raw statements outside transactions run here, past Prisma (queryRows). */
  driverQuery?: TDriverQuery;
  close(): Promise<void>;
};

export type TDatabaseOptions = {
  url?: string;
  dataDir?: string;
  /** A PGlite data-folder dump to start from (tests load one migrated snapshot per run). */
  snapshot?: Blob;
  /** PostgreSQL: how many repeated statements to prepare per connection (DATABASE_STATEMENT_CACHE). */
  statementCache?: number;
};

// Same number Prisma Migrate uses, so our migrator and a real `prisma migrate` exclude each other.
const MIGRATION_LOCK = 72707369;

export function openDatabase(options: TDatabaseOptions): TDatabase {
  if (options.url) {
    // Idle connections are kept two minutes (pg closes them after 10 s): an idle engine's statements
    // come about once a minute, and each would otherwise open a connection (a server process) and
    // prepare its statements again.
    const pool = new pg.Pool({ connectionString: options.url, max: 10, idleTimeoutMillis: 120_000 });
    // Typed as always naming, but the adapter hands the value to pg as is, and pg runs a query
    // without a name unprepared (adapter-pg's performIO). The driver path names by the same rule.
    const nameOf = statementNamer(options.statementCache ?? env.DATABASE_STATEMENT_CACHE);
    const prisma = new PrismaClient({
      adapter: new PrismaPg(pool, { statementNameGenerator: nameOf as (query: { sql: string }) => string }),
    });
    return {
      kind: "postgres",
      prisma,
      pool,
      driverQuery: driverQuery(pool, nameOf),
      connectionString: options.url,
      close: async () => {
        await prisma.$disconnect();
        await pool.end();
      },
    };
  }
  const dataDir = options.dataDir ?? "./.data";
  const inMemory = dataDir.startsWith("memory://");
  const location = inMemory ? dataDir : path.resolve(dataDir, "pglite");
  if (!inMemory) mkdirSync(path.dirname(location), { recursive: true });
  const pglite = options.snapshot ? new PGlite(location, { loadDataDir: options.snapshot }) : new PGlite(location);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    kind: "pglite",
    prisma,
    pglite,
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}

/** Applies pending migrations; on PostgreSQL under the advisory lock shared with Prisma. */
export async function migrateDatabase(database: TDatabase, dir = migrationsDir()): Promise<string[]> {
  if (database.pglite) {
    const lite = database.pglite;
    // One process owns a PGlite folder, so no lock is needed (nor would one exclude anything).
    return applyMigrations(
      migrationSession({
        exec: (sql) => lite.exec(sql),
        query: async (sql, params) => (await lite.query(sql, params)).rows as never[],
      }),
      dir,
    );
  }
  const client = await database.pool!.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    return await applyMigrations(
      migrationSession({
        exec: (sql) => client.query(sql),
        query: async (sql, params) => (await client.query(sql, params)).rows,
      }),
      dir,
    );
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

type TProcessDatabase = { database: TDatabase; ready: Promise<void> };

// Next.js loads route handlers and instrumentation as separate bundles; the database (and
// above all the PGlite folder, which one process may open once) must be one per process.
const holder = globalThis as typeof globalThis & {
  __serviceDatabase?: TProcessDatabase;
  __openServiceDatabase?: () => TDatabase;
};

function processDatabase(): TProcessDatabase {
  if (!holder.__serviceDatabase && holder.__openServiceDatabase) {
    holder.__serviceDatabase = { database: holder.__openServiceDatabase(), ready: Promise.resolve() };
  }
  if (!holder.__serviceDatabase) {
    const database = openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
    const ready = migrateDatabase(database).then(() => undefined);
    holder.__serviceDatabase = { database, ready };
  }
  return holder.__serviceDatabase;
}

/** The process's database, migrated. Await this before the first query of a request. */
export async function ready(): Promise<TDatabase> {
  const current = processDatabase();
  await current.ready;
  return current.database;
}

/** The process's Prisma client. Callers on a request path have awaited ready() already. */
export function db(): PrismaClient {
  return processDatabase().database.prisma;
}

/**
 * The rows of one raw statement, with the types $queryRaw gives them. Given the process's client
 * itself (no transaction) on PostgreSQL, the statement runs on the driver, past Prisma's query
 * engine: for statements on the hot path (starts, claims, settles, event appends, credential
 * lookups), where that engine cost more CPU than the round trip. In a transaction, or on PGlite,
 * through Prisma.
 */
export function queryRows<T>(client: TTransaction, query: Prisma.Sql): Promise<T[]> {
  const { database } = processDatabase();
  return (client as unknown) === database.prisma && database.driverQuery
    ? database.driverQuery<T>(query)
    : client.$queryRaw<T[]>(query);
}

/** Replaces the process database (tests and scripts that open their own). */
export function useDatabase(database: TDatabase): void {
  holder.__serviceDatabase = { database, ready: Promise.resolve() };
}

/**
 * Tests: the process database is `open()`ed, migrated already, on its first use, so a test file
 * that never queries never pays for opening one (and the suite can tell which files need one).
 */
export function useDatabaseOnFirstUse(open: () => TDatabase): void {
  holder.__serviceDatabase = undefined;
  holder.__openServiceDatabase = open;
}

export type { PrismaClient };
export type TTransaction = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/**
 * Runs related writes together: in a transaction, or straight on the client when the caller's
 * writes are one statement this time (atomic by itself), because on a hot path BEGIN and COMMIT
 * are two of its few round trips. `oneStatement` is the caller's promise: pass false whenever
 * the work may write twice.
 */
export function atomically<T>(oneStatement: boolean, work: (tx: TTransaction) => Promise<T>): Promise<T> {
  return oneStatement ? work(db()) : db().$transaction(work);
}
