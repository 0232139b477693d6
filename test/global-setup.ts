import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openDatabase } from "../src/server/db/client";

/**
 * With TEST_DB=postgres, creates fresh databases for the run on the local server
 * (TEST_PG_ADMIN_URL, default postgresql://postgres@127.0.0.1:5432/postgres), migrates them
 * with the app's own migrator, hands their URLs to the workers and drops them afterwards:
 * the one every file shares, and one for the file that watches the whole database
 * (test/database-of-its-own.ts).
 */
export default async function setup(project: TestProject) {
  const kind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
  project.provide("testDatabaseUrl", "");
  project.provide("pgliteSnapshot", "");
  project.provide("databaseOfItsOwnUrl", "");
  if (kind !== "postgres") {
    // Migrating a fresh PGlite per test file is the slowest part of a run: migrate once and
    // let every file start from a copy of the result.
    const database = openDatabase({ dataDir: "memory://" });
    await migrateDatabase(database);
    const snapshot = path.join(tmpdir(), `aas-pglite-${process.pid}-${randomBytes(3).toString("hex")}.tar`);
    writeFileSync(snapshot, Buffer.from(await (await database.pglite!.dumpDataDir("none")).arrayBuffer()));
    await database.close();
    project.provide("pgliteSnapshot", snapshot);
    return async () => {
      const { rmSync } = await import("node:fs");
      rmSync(snapshot, { force: true });
    };
  }
  const adminUrl = process.env.TEST_PG_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const name = `aas_test_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const names = [name, `${name}_alone`];
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const [shared, alone] = await Promise.all(
    names.map(async (each) => {
      await admin.query(`CREATE DATABASE "${each}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${each}`;
      const database = openDatabase({ url: url.toString() });
      await migrateDatabase(database);
      await database.close();
      return url.toString();
    }),
  );
  project.provide("testDatabaseUrl", shared!);
  project.provide("databaseOfItsOwnUrl", alone!);
  return async () => {
    for (const each of names) await admin.query(`DROP DATABASE IF EXISTS "${each}" WITH (FORCE)`);
    await admin.end();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    testDatabaseUrl: string;
    pgliteSnapshot: string;
    databaseOfItsOwnUrl: string;
  }
}
