import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** One connection on which the migrator runs, in order, with its own transactions. */
export type TMigrationSession = {
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  transaction(work: () => Promise<void>): Promise<void>;
};

type TMigrationFile = { name: string; sql: string; checksum: string };

/** The two things a connection must do for the migrator: run a script, and query with parameters. */
export type TConnectionRunner = {
  exec(sql: string): Promise<unknown>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
};

/** A migration session on one connection; its transactions are plain BEGIN/COMMIT there. */
export function migrationSession(connection: TConnectionRunner): TMigrationSession {
  return {
    exec: async (sql) => void (await connection.exec(sql)),
    query: (sql, params) => connection.query(sql, params),
    transaction: async (work) => {
      await connection.exec("BEGIN");
      try {
        await work();
        await connection.exec("COMMIT");
      } catch (error) {
        await connection.exec("ROLLBACK");
        throw error;
      }
    },
  };
}

// Prisma's own bookkeeping table, so a real `prisma migrate deploy` elsewhere agrees with us.
const CREATE_BOOKKEEPING = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum"            VARCHAR(64) NOT NULL,
  "finished_at"         TIMESTAMPTZ,
  "migration_name"      VARCHAR(255) NOT NULL,
  "logs"                TEXT,
  "rolled_back_at"      TIMESTAMPTZ,
  "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export function migrationsDir(): string {
  // Read at run time from the project folder; the bundler must not trace it into the build.
  return path.join(/* turbopackIgnore: true */ process.cwd(), "prisma", "migrations");
}

export async function readMigrations(dir = migrationsDir()): Promise<TMigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

/**
 * Applies every migration not yet recorded, each in its own transaction, and returns the
 * names it applied. The caller holds whatever cross-process lock the database needs.
 */
export async function applyMigrations(session: TMigrationSession, dir = migrationsDir()): Promise<string[]> {
  await session.exec(CREATE_BOOKKEEPING);
  const rows = await session.query<{
    migration_name: string;
    checksum: string;
    finished_at: Date | null;
    rolled_back_at: Date | null;
  }>(`SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`);
  const applied = new Map(rows.filter((row) => !row.rolled_back_at).map((row) => [row.migration_name, row]));
  const done: string[] = [];
  for (const migration of await readMigrations(dir)) {
    const existing = applied.get(migration.name);
    if (existing && !existing.finished_at) {
      throw new Error(
        `Migration ${migration.name} is recorded as started but never finished; resolve it by hand before starting.`,
      );
    }
    if (existing) continue;
    await session.transaction(async () => {
      const startedAt = new Date();
      await session.exec(migration.sql);
      await session.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
         VALUES ($1, $2, now(), $3, NULL, NULL, $4, 1)`,
        [randomUUID(), migration.checksum, migration.name, startedAt],
      );
    });
    done.push(migration.name);
  }
  return done;
}
