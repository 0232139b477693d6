import { execFileSync } from "node:child_process";
import type { FullConfig } from "@playwright/test";
import { startReceiver } from "./support/receiver-server";
import { WORLD_FILE } from "./support/world";

/**
 * Starts the run's HTTP receiver (the world's httpTarget) and builds the fixture world once per
 * run through the running service (ALLOW_FIXTURES=1). The returned function stops the receiver.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]!.use.baseURL!;
  const targetPort = Number(process.env.E2E_HTTP_TARGET_PORT ?? 4010);
  const receiver = await startReceiver(targetPort);
  execFileSync("node_modules/.bin/tsx", ["scripts/fixtures.ts", "--base-url", baseURL, "--http-target", `http://127.0.0.1:${targetPort}`, "--out", WORLD_FILE], {
    stdio: ["ignore", "inherit", "inherit"],
    timeout: 120_000,
  });
  return () => new Promise<void>((resolve) => receiver.close(() => resolve()));
}
