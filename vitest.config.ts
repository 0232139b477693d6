import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// One test file per core at once. Vitest's default is one fewer than the cores (a single file at
// a time on a 2-core machine), and these files spend about a third of their time waiting on
// timers, the database and local HTTP, so the second core sat idle (docs/decisions.md, "The test
// suite's own time").
const FILES_AT_ONCE = Math.max(2, availableParallelism());

// Unit and integration tests beside the code, against a real database: PGlite in memory by
// default, or a fresh PostgreSQL database when TEST_DB=postgres (see test/global-setup.ts).
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  test: {
    include: ["src/**/*.test.ts", "scripts/**/*.test.ts", "test/**/*.test.ts"],
    pool: "forks",
    poolOptions: { forks: { maxForks: FILES_AT_ONCE, minForks: 1 } },
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The backlog bound counts in the background, which statement-counting tests would see; its
    // own test (jobs/backlog.test.ts) switches it on.
    env: { LOG_LEVEL: "warn", DATA_DIR: "memory://", ENGINE_ORG_BACKLOG_LIMIT: "0" },
  },
});
