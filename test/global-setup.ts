import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openDatabase } from "../src/server/db/client";

/**
 * With TEST_DB=postgres, creates one fresh database for the run on the local server
 * (TEST_PG_ADMIN_URL, default postgresql://postgres@127.0.0.1:5432/postgres), migrates it
 * with the app's own migrator, hands its URL to the workers and drops it afterwards.
 */
export default async function setup(project: TestProject) {
  const kind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
  project.provide("testDatabaseUrl", "");
  project.provide("pgliteSnapshot", "");
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
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ url: url.toString() });
  await migrateDatabase(database);
  await database.close();
  project.provide("testDatabaseUrl", url.toString());
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    testDatabaseUrl: string;
    pgliteSnapshot: string;
  }
}
