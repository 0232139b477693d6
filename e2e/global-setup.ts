import { execFileSync } from "node:child_process";
import type { FullConfig } from "@playwright/test";
import { WORLD_FILE } from "./support/world";

/** Builds the fixture world once per run through the running service (ALLOW_FIXTURES=1). */
export default function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]!.use.baseURL!;
  execFileSync("node_modules/.bin/tsx", ["scripts/fixtures.ts", "--base-url", baseURL, "--out", WORLD_FILE], {
    stdio: ["ignore", "inherit", "inherit"],
    timeout: 120_000,
  });
}
