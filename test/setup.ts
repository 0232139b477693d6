import { readFileSync } from "node:fs";
import { afterAll, inject } from "vitest";
import { openDatabase, useDatabase } from "../src/server/db/client";

// Each test file gets the run's database: a fresh in-memory PGlite, or the PostgreSQL
// database the global setup created. Tests create their own tenants, so they never collide.
const url = inject("testDatabaseUrl");
const snapshot = inject("pgliteSnapshot");
const database = url
  ? openDatabase({ url })
  : openDatabase({ dataDir: "memory://", snapshot: new Blob([readFileSync(snapshot)]) });
useDatabase(database);

afterAll(async () => {
  await database.close();
});
