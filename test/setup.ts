import { appendFileSync, readFileSync } from "node:fs";
import type { RunnerTask } from "vitest";
import { afterAll, inject } from "vitest";
import { openDatabase, useDatabaseOnFirstUse, type TDatabase } from "../src/server/db/client";

// Each test file gets the run's database: a fresh in-memory PGlite, or the PostgreSQL
// database the global setup created. Tests create their own tenants, so they never collide.
// It is opened on the file's first query: a file that never queries opens none.
const url = inject("testDatabaseUrl");
const snapshot = inject("pgliteSnapshot");
let database: TDatabase | undefined;
useDatabaseOnFirstUse(
  () =>
    (database = url
      ? openDatabase({ url })
      : openDatabase({ dataDir: "memory://", snapshot: new Blob([readFileSync(snapshot)]) })),
);

/** A test the file skipped here, such as one that runs only on PostgreSQL. */
const skippedAny = (tasks: RunnerTask[]): boolean =>
  tasks.some((task) => task.mode === "skip" || ("tasks" in task && skippedAny(task.tasks)));

afterAll(async (file) => {
  // scripts/test-all.sh runs on PostgreSQL only the files that need it: those that opened the
  // run's database or skipped a test on PGlite. The others test nothing that depends on it.
  const record = process.env.TEST_DATABASE_FILES;
  if (record && (database || skippedAny(file.tasks))) appendFileSync(record, `${file.file.filepath}\n`);
  await database?.close();
});
