import path from "node:path";
import { defineConfig } from "vitest/config";

// Unit and integration tests beside the code, against a real database: PGlite in memory by
// default, or a fresh PostgreSQL database when TEST_DB=postgres (see test/global-setup.ts).
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  test: {
    include: ["src/**/*.test.ts", "scripts/**/*.test.ts", "test/**/*.test.ts"],
    pool: "forks",
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: "warn", DATA_DIR: "memory://" },
  },
});
