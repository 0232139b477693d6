import { mkdirSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests against the production build (`next start`), in Debian's Chromium.
 * The database is embedded (a fresh folder per run) unless E2E_DATABASE_URL names a
 * PostgreSQL database; scripts/test-all.sh runs the suite once on each.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
const databaseUrl = process.env.E2E_DATABASE_URL ?? "";
// The fixture world's httpTarget: the receiver global setup starts (e2e/support/receiver-server.ts).
const httpTargetPort = Number(process.env.E2E_HTTP_TARGET_PORT ?? 4010);
// A local OAuth provider (oauth2-mock-server, started by global setup) as the service's own
// generic mail and calendar app; its "mail API" is the receiver's /workspace.
const oauthPort = Number(process.env.E2E_OAUTH_PORT ?? 4011);
const oauthIssuer = `http://127.0.0.1:${oauthPort}`;
// The run's local mail server (test/smtp-sink.ts, started by global setup): invitations and resets.
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 4012);

/**
 * Everything the service processes print during the run is also appended here, and global
 * teardown fails the run if it holds a secret (e2e/support/secret-scan.ts). Set once in the
 * runner process; its test workers inherit the same path.
 */
process.env.E2E_SERVICE_LOG ??= path.resolve(".data", `e2e-service-${Date.now()}.log`);
const serviceLog = process.env.E2E_SERVICE_LOG;
mkdirSync(path.dirname(serviceLog), { recursive: true });
const teed = (command: string) => `${command} 2>&1 | tee -a '${serviceLog}'`;

/** The bearer of GET /api/metrics in the e2e server (e2e/api/operations.spec.ts). */
export const E2E_METRICS_TOKEN = "e2e-metrics-token-0123456789";

/** What the web server and (on PostgreSQL) the worker share: the same database, keys and allowlist. */
export const serverEnv: Record<string, string> = {
  NODE_ENV: "production",
  PORT: String(port),
  NEXTAUTH_URL: baseURL,
  DATA_DIR: process.env.E2E_DATA_DIR ?? ".data/e2e",
  DATABASE_URL: databaseUrl,
  ALLOW_FIXTURES: "1",
  HTTP_TOOL_ALLOWED_HOSTS: `127.0.0.1:${httpTargetPort}`,
  AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
  // Test-only key: production with PostgreSQL refuses to seal secrets without configured keys.
  VAULT_KEYS: "e2e:lyNHTwgT98ETMDfC4V/wy02QeN6ym7B/FBCC61NnGTU=",
  // Info, so the secret scan sees everything the service says in normal operation.
  LOG_LEVEL: "info",
  METRICS_TOKEN: E2E_METRICS_TOKEN,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: "Agent Service <no-reply@e2e.test>",
  OAUTH_MAIL_PRESET: "generic",
  OAUTH_MAIL_CLIENT_ID: "e2e-mail-client",
  OAUTH_MAIL_CLIENT_SECRET: "e2e-mail-secret",
  OAUTH_CALENDAR_PRESET: "generic",
  OAUTH_CALENDAR_CLIENT_ID: "e2e-calendar-client",
  OAUTH_CALENDAR_CLIENT_SECRET: "e2e-calendar-secret",
  OAUTH_GENERIC_ISSUER: oauthIssuer,
  OAUTH_GENERIC_AUTHORIZATION_URL: `${oauthIssuer}/authorize`,
  OAUTH_GENERIC_TOKEN_URL: `${oauthIssuer}/token`,
  OAUTH_GENERIC_REVOCATION_URL: `${oauthIssuer}/revoke`,
  OAUTH_GENERIC_SCOPES_MAIL: "mail.send mail.modify",
  OAUTH_GENERIC_SCOPES_CALENDAR: "calendar.events",
  OAUTH_GENERIC_API_BASE_URL: `http://127.0.0.1:${httpTargetPort}/workspace`,
};

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // No retries, on CI too: a test that fails once is a fault to fix at its cause (docs/testing.md).
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "api", testDir: "e2e/api" },
    { name: "console", testDir: "e2e/console" },
    { name: "sdk", testDir: "e2e/sdk" },
    // Runs its own web processes and workers on a fresh PostgreSQL database (ports from
    // E2E_SCALE_PORT_BASE, 3340 by default);
    // skips itself unless E2E_DATABASE_URL is set. See docs/scale-out.md.
    { name: "scale", testDir: "e2e/scale" },
  ],
  webServer: [
    {
      command: teed(`node node_modules/next/dist/bin/next start -p ${port} -H 127.0.0.1 --keepAliveTimeout 65000`),
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      stderr: "pipe",
      // On PostgreSQL the web process only sends jobs and a separate worker runs them, so the
      // PostgreSQL run exercises the split deployment; the embedded database has one process.
      env: { ...serverEnv, ENGINE_IN_PROCESS: databaseUrl ? "0" : "1" },
    },
    // Two workers on PostgreSQL: schedule firings must happen once however many engines tick.
    ...(databaseUrl
      ? [1, 2].map(() => ({
          command: teed("node_modules/.bin/tsx scripts/worker.ts"),
          wait: { stdout: /worker ready/ },
          reuseExistingServer: false,
          timeout: 120_000,
          stdout: "pipe" as const,
          stderr: "pipe" as const,
          env: serverEnv,
        }))
      : []),
  ],
});
