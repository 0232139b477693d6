import { createHash, randomBytes } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, inject, it } from "vitest";
import { migrateDatabase, openDatabase, type TDatabase } from "./client";
import { migrationsDir } from "./migrate";

type TKind = "pglite" | "postgres";
type TRow = {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  started_at: Date;
  applied_steps_count: number;
};

const runUrl = inject("testDatabaseUrl");
const KINDS: TKind[] = runUrl ? ["pglite", "postgres"] : ["pglite"];

/** The migrations in the repository, read independently of the migrator. */
function repositoryMigrations() {
  const dir = migrationsDir();
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => ({
      name,
      checksum: createHash("sha256")
        .update(readFileSync(path.join(dir, name, "migration.sql")))
        .digest("hex"),
    }));
}

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A database nobody else uses: PGlite in memory, or a throwaway PostgreSQL database. */
async function freshDatabase(kind: TKind): Promise<TDatabase> {
  if (kind === "pglite") {
    const database = openDatabase({ dataDir: "memory://" });
    cleanups.push(() => database.close());
    return database;
  }
  const adminUrl = new URL(runUrl);
  adminUrl.pathname = "/postgres";
  const name = `aas_migrate_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(runUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ url: url.toString() });
  cleanups.push(async () => {
    await database.close();
    await dropWhenClosed(admin, name);
    await admin.end();
  });
  return database;
}

/**
 * pg's Pool.end() resolves before its connections have closed; dropping WITH (FORCE) would
 * kill them mid-close and surface as an unhandled error, so wait for them to go instead.
 */
async function dropWhenClosed(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
      return;
    } catch (error) {
      if (attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function query<T>(database: TDatabase, sql: string, params: unknown[] = []): Promise<T[]> {
  if (database.pglite) return (await database.pglite.query<T>(sql, params)).rows;
  return (await database.pool!.query(sql, params)).rows as T[];
}

async function bookkeeping(database: TDatabase): Promise<TRow[]> {
  return query<TRow>(database, `SELECT * FROM "_prisma_migrations" ORDER BY migration_name`);
}

async function tableExists(database: TDatabase, table: string): Promise<boolean> {
  const rows = await query<{ name: string | null }>(database, `SELECT to_regclass($1)::text AS name`, [
    `public.${table}`,
  ]);
  return rows[0]?.name != null;
}

/** Runs the app's migrator on a migrations folder of the test's own. */
function applyFrom(database: TDatabase, dir: string): Promise<string[]> {
  return migrateDatabase(database, dir);
}

/** A copy of the repository's migrations that a test may add to. */
function migrationsCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "aas-migrations-"));
  cpSync(migrationsDir(), dir, { recursive: true });
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function addMigration(dir: string, name: string, sql: string): void {
  mkdirSync(path.join(dir, name), { recursive: true });
  writeFileSync(path.join(dir, name, "migration.sql"), sql);
}

describe.each(KINDS)("the migrator on %s", (kind) => {
  it("applies every migration to a fresh database, records each in _prisma_migrations, and nothing the second time", async () => {
    const database = await freshDatabase(kind);
    const expected = repositoryMigrations();
    expect(expected.length).toBeGreaterThan(0);

    expect(await migrateDatabase(database)).toEqual(expected.map((migration) => migration.name));

    const rows = await bookkeeping(database);
    expect(rows.map((row) => row.migration_name)).toEqual(expected.map((migration) => migration.name));
    for (const [index, row] of rows.entries()) {
      expect(row.checksum).toBe(expected[index]!.checksum);
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.finished_at!.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime() - 1000);
    }
    for (const table of [
      "organizations",
      "domains",
      "users",
      "organization_memberships",
      "api_keys",
      "access_tokens",
    ]) {
      expect(await tableExists(database, table)).toBe(true);
    }

    // The next start finds everything applied.
    expect(await migrateDatabase(database)).toEqual([]);
    expect(await bookkeeping(database)).toEqual(rows);
  });

  it("refuses to start when a migration is recorded as started but never finished", async () => {
    const database = await freshDatabase(kind);
    await migrateDatabase(database);
    const [first] = repositoryMigrations();
    await query(database, `UPDATE "_prisma_migrations" SET finished_at = NULL WHERE migration_name = $1`, [
      first!.name,
    ]);
    await expect(migrateDatabase(database)).rejects.toThrow(new RegExp(`${first!.name}.*started but never finished`));
  });

  it("applies only the migrations added since the last run", async () => {
    const database = await freshDatabase(kind);
    const dir = migrationsCopy();
    expect(await applyFrom(database, dir)).toHaveLength(repositoryMigrations().length);
    addMigration(dir, "29990101000000_later", `CREATE TABLE "later_table" ("id" INTEGER PRIMARY KEY);`);
    expect(await applyFrom(database, dir)).toEqual(["29990101000000_later"]);
    expect(await tableExists(database, "later_table")).toBe(true);
    const later = (await bookkeeping(database)).find((row) => row.migration_name === "29990101000000_later");
    expect(later?.checksum).toBe(
      createHash("sha256").update(`CREATE TABLE "later_table" ("id" INTEGER PRIMARY KEY);`).digest("hex"),
    );
    expect(await applyFrom(database, dir)).toEqual([]);
  });

  it("rolls a failing migration back completely and does not record it", async () => {
    const database = await freshDatabase(kind);
    const dir = migrationsCopy();
    addMigration(
      dir,
      "29990101000000_broken",
      `CREATE TABLE "half_done" ("id" INTEGER);\nSELECT * FROM "no_such_table";`,
    );
    await expect(applyFrom(database, dir)).rejects.toThrow(/no_such_table/);
    expect(await tableExists(database, "half_done")).toBe(false);
    const names = (await bookkeeping(database)).map((row) => row.migration_name);
    expect(names).toEqual(repositoryMigrations().map((migration) => migration.name));

    // Once the migration is fixed, the next start applies it.
    addMigration(dir, "29990101000000_broken", `CREATE TABLE "half_done" ("id" INTEGER);`);
    expect(await applyFrom(database, dir)).toEqual(["29990101000000_broken"]);
    expect(await tableExists(database, "half_done")).toBe(true);
  });

  it("applies again a migration recorded as rolled back", async () => {
    const database = await freshDatabase(kind);
    const dir = migrationsCopy();
    addMigration(dir, "29990101000000_again", `CREATE TABLE IF NOT EXISTS "again_table" ("id" INTEGER);`);
    await applyFrom(database, dir);
    await query(
      database,
      `UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = '29990101000000_again'`,
    );
    expect(await applyFrom(database, dir)).toEqual(["29990101000000_again"]);
    const rows = (await bookkeeping(database)).filter((row) => row.migration_name === "29990101000000_again");
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.rolled_back_at === null)).toHaveLength(1);
  });
});

describe.runIf(KINDS.includes("postgres"))("the migrator on postgres, from two processes at once", () => {
  it("applies each migration exactly once", async () => {
    const first = await freshDatabase("postgres");
    const second = openDatabase({ url: first.connectionString! });
    cleanups.push(() => second.close());
    const results = await Promise.all([migrateDatabase(first), migrateDatabase(second)]);
    const expected = repositoryMigrations().map((migration) => migration.name);
    expect(results.flat().sort()).toEqual(expected);
    expect((await bookkeeping(first)).map((row) => row.migration_name)).toEqual(expected);
  });
});
