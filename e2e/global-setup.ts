import { execFileSync } from "node:child_process";
import type { FullConfig } from "@playwright/test";
import { OAuth2Server } from "oauth2-mock-server";
import { startReceiver } from "./support/receiver-server";
import { WORLD_FILE } from "./support/world";

/**
 * Starts the run's HTTP receiver (the world's httpTarget) and OAuth provider, and builds the
 * fixture world once per run through the running service (ALLOW_FIXTURES=1). The returned
 * function stops both.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]!.use.baseURL!;
  const targetPort = Number(process.env.E2E_HTTP_TARGET_PORT ?? 4010);
  const receiver = await startReceiver(targetPort);
  // The service's own mail and calendar app (playwright.config.ts OAUTH_*): consents at once.
  const oauth = new OAuth2Server();
  await oauth.issuer.keys.generate("RS256");
  const oauthPort = Number(process.env.E2E_OAUTH_PORT ?? 4011);
  await oauth.start(oauthPort, "127.0.0.1");
  // The tokens' `iss` must be the issuer the service is configured with (OAUTH_GENERIC_ISSUER).
  oauth.issuer.url = `http://127.0.0.1:${oauthPort}`;
  execFileSync("node_modules/.bin/tsx", ["scripts/fixtures.ts", "--base-url", baseURL, "--http-target", `http://127.0.0.1:${targetPort}`, "--out", WORLD_FILE], {
    stdio: ["ignore", "inherit", "inherit"],
    timeout: 120_000,
  });
  return async () => {
    await oauth.stop();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  };
}
