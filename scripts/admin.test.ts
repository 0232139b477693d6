import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createUser } from "../test/factories";
import { signInWithPassword } from "../src/server/auth/sign-in";
import { migrateDatabase, openDatabase, ready, useDatabase, type TDatabase } from "../src/server/db/client";
import { completePasswordReset } from "../src/server/services/passwords/complete-reset";

// `npm run admin` as an operator runs it: a child process on the database of the run (PostgreSQL)
// or on an embedded data folder of its own (PGlite), whose printed link then sets the password.

const postgresUrl = inject("testDatabaseUrl");
const BASE = "https://console.example.test";
const folders: string[] = [];

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

type TRun = { code: number; stdout: string; stderr: string };

function admin(args: string[], database: { url?: string; dataDir?: string }): Promise<TRun> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PUBLIC_BASE_URL: BASE, LOG_LEVEL: "warn" };
  delete childEnv.DATABASE_URL;
  if (database.url) childEnv.DATABASE_URL = database.url;
  childEnv.DATA_DIR = database.dataDir ?? path.join(tmpdir(), "admin-cli-unused");
  return new Promise((resolve) => {
    execFile(
      path.resolve("node_modules/.bin/tsx"),
      ["scripts/admin.ts", ...args],
      { env: childEnv, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const tokenIn = (stdout: string) => new RegExp(`${BASE}/reset-password/([A-Za-z0-9_-]{43})`).exec(stdout)?.[1];

/** Runs `work` with the process database switched to `database` (the folder the command uses). */
async function using<T>(database: TDatabase, work: () => Promise<T>): Promise<T> {
  const original = await ready();
  useDatabase(database);
  try {
    return await work();
  } finally {
    useDatabase(original);
  }
}

describe("npm run admin", () => {
  it("help lists the commands", async () => {
    const run = await admin(["help"], {});
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("reset-password <email>");
    const unknown = await admin(["frobnicate"], {});
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown command "frobnicate"');
  }, 120_000);

  it.runIf(postgresUrl)(
    "reset-password prints a link on PostgreSQL that sets a new password once",
    async () => {
      const user = await createUser({ password: "the lost password" });
      const run = await admin(["reset-password", user.email.toUpperCase()], { url: postgresUrl });
      expect(run.code, run.stderr).toBe(0);
      const token = tokenIn(run.stdout)!;
      expect(token).toBeDefined();
      await completePasswordReset({ token, password: "the found password" });
      expect((await signInWithPassword(user.email, "the found password"))?.id).toBe(user.id);
      expect(await signInWithPassword(user.email, "the lost password")).toBeNull();

      const unknown = await admin(["reset-password", "nobody@example.test"], { url: postgresUrl });
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain("No account has the email nobody@example.test.");
    },
    180_000,
  );

  it.skipIf(postgresUrl)(
    "reset-password works on an embedded data folder once the service stopped, and says to stop it while it runs",
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "admin-cli-"));
      folders.push(dataDir);
      let held = openDatabase({ dataDir });
      await migrateDatabase(held);
      const user = await using(held, () => createUser({ password: "the lost password" }));

      // The folder is open here, as the running service holds it.
      const refused = await admin(["reset-password", user.email], { dataDir });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain("Stop the service");
      await held.close();

      const run = await admin(["reset-password", user.email], { dataDir });
      expect(run.code, run.stderr).toBe(0);
      const token = tokenIn(run.stdout)!;
      expect(run.stdout).toContain("works once");
      const unknown = await admin(["reset-password", "nobody@example.test"], { dataDir });
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain("No account has the email nobody@example.test.");

      held = openDatabase({ dataDir });
      try {
        await using(held, async () => {
          await completePasswordReset({ token, password: "the found password" });
          expect((await signInWithPassword(user.email, "the found password"))?.id).toBe(user.id);
          expect(await signInWithPassword(user.email, "the lost password")).toBeNull();
        });
      } finally {
        await held.close();
      }
    },
    180_000,
  );
});
