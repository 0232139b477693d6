import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import type { FullConfig } from "@playwright/test";
import { OAuth2Server } from "oauth2-mock-server";
import { startSmtpSink } from "../test/smtp-sink";
import { startReceiver } from "./support/receiver-server";
import { findLeaks, secretsOfWorld, type TSecret } from "./support/secret-scan";
import { WORLD_FILE } from "./support/world";
import { serverEnv } from "../playwright.config";

/**
 * Starts the run's HTTP receiver (the world's httpTarget), SMTP sink and OAuth provider, and builds the
 * fixture world once per run through the running service (ALLOW_FIXTURES=1). The returned
 * function stops both, then fails the run if the service printed a secret.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]!.use.baseURL!;
  const targetPort = Number(process.env.E2E_HTTP_TARGET_PORT ?? 4010);
  // The service's mail server (SMTP_URL): what it received is read through the receiver's /__receiver/mail.
  const smtp = await startSmtpSink(Number(process.env.E2E_SMTP_PORT ?? 4012));
  const receiver = await startReceiver(targetPort, smtp.received);
  // The service's own mail and calendar app (playwright.config.ts OAUTH_*): consents at once.
  const oauth = new OAuth2Server();
  await oauth.issuer.keys.generate("RS256");
  const oauthPort = Number(process.env.E2E_OAUTH_PORT ?? 4011);
  await oauth.start(oauthPort, "127.0.0.1");
  // The tokens' `iss` must be the issuer the service is configured with (OAUTH_GENERIC_ISSUER).
  oauth.issuer.url = `http://127.0.0.1:${oauthPort}`;
  execFileSync(
    "node_modules/.bin/tsx",
    [
      "scripts/fixtures.ts",
      "--base-url",
      baseURL,
      "--http-target",
      `http://127.0.0.1:${targetPort}`,
      "--out",
      WORLD_FILE,
    ],
    {
      stdio: ["ignore", "inherit", "inherit"],
      timeout: 120_000,
    },
  );
  return async () => {
    await oauth.stop();
    await smtp.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    scanServiceOutput();
  };
}

/**
 * Issue 14: no key, token, password, cookie or configured secret in what the web process and
 * workers printed during the whole run (the log file playwright.config.ts tees their output to).
 */
function scanServiceOutput() {
  const file = process.env.E2E_SERVICE_LOG;
  if (!file || !existsSync(file))
    throw new Error("The service's output was not captured (E2E_SERVICE_LOG): the secret scan cannot run.");
  const configured: TSecret[] = [
    "AUTH_SECRET",
    "METRICS_TOKEN",
    "OAUTH_MAIL_CLIENT_SECRET",
    "OAUTH_CALENDAR_CLIENT_SECRET",
  ]
    .filter((name) => serverEnv[name])
    .map((name) => ({ kind: name, value: serverEnv[name]! }));
  const vaultKey = serverEnv.VAULT_KEYS?.split(":")[1];
  if (vaultKey) configured.push({ kind: "VAULT_KEYS", value: vaultKey });
  const known = [...configured, ...secretsOfWorld(JSON.parse(readFileSync(WORLD_FILE, "utf8")))];
  const leaks = findLeaks(readFileSync(file, "utf8"), known);
  if (leaks.length) {
    const lines = leaks.slice(0, 20).map((leak) => `  line ${leak.line}: ${leak.kind}`);
    throw new Error(
      `The service printed secrets during the run (${leaks.length} found, in ${file}):\n${lines.join("\n")}`,
    );
  }
}
