import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { env } from "@/server/env";
import { PrismaClient } from "./generated/client";
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
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // Typed as always naming, but the adapter hands the value to pg as is, and pg runs a query
    // without a name unprepared (adapter-pg's performIO).
    const statementNameGenerator = statementNamer(options.statementCache ?? env.DATABASE_STATEMENT_CACHE) as (query: { sql: string }) => string;
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { statementNameGenerator }) });
    return {
      kind: "postgres",
      prisma,
      pool,
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
    return applyMigrations(migrationSession({ exec: (sql) => lite.exec(sql), query: async (sql, params) => (await lite.query(sql, params)).rows as never[] }), dir);
  }
  const client = await database.pool!.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    return await applyMigrations(migrationSession({ exec: (sql) => client.query(sql), query: async (sql, params) => (await client.query(sql, params)).rows }), dir);
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

type TProcessDatabase = { database: TDatabase; ready: Promise<void> };

// Next.js loads route handlers and instrumentation as separate bundles; the database (and
// above all the PGlite folder, which one process may open once) must be one per process.
const holder = globalThis as typeof globalThis & { __serviceDatabase?: TProcessDatabase };

function processDatabase(): TProcessDatabase {
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

/** Replaces the process database (tests and scripts that open their own). */
export function useDatabase(database: TDatabase): void {
  holder.__serviceDatabase = { database, ready: Promise.resolve() };
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
