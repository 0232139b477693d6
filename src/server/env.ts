import { z } from "zod";

/**
 * The only reader of process.env. Validated once; a bad value stops the process at start
 * with a message that names the variable and what it expects.
 */
const booleanFlag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((value) => value === "1" || value === "true");

const optionalText = z
  .string()
  .optional()
  .or(z.literal("").transform(() => undefined));

/** An OAuth endpoint: https, or http on a loopback host only (tests, local development). */
const oauthUrl = z
  .url()
  .refine((value) => {
    const url = new URL(value);
    return (
      url.protocol === "https:" ||
      (url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname))
    );
  }, "must be an https URL (http only for 127.0.0.1, localhost or [::1])")
  .optional()
  .or(z.literal("").transform(() => undefined));

const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Repeated statements each pool connection prepares once (PostgreSQL only; db/statement-names.ts).
  // 0 for a pooler in transaction mode (PgBouncer), which cannot keep prepared statements.
  DATABASE_STATEMENT_CACHE: z.coerce.number().int().min(0).max(10_000).default(200),
  DATA_DIR: z.string().min(1).default("./.data"),
  PUBLIC_BASE_URL: z.url().optional(),
  NEXTAUTH_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ALLOW_FIXTURES: booleanFlag,
  BOOTSTRAP_EMAIL: z.email().default("admin@example.com"),
  HTTP_TOOL_ALLOWED_HOSTS: z.string().default(""),
  ENGINE_IN_PROCESS: z
    .enum(["0", "1"])
    .default("1")
    .transform((value) => value === "1"),
  // Executions (agent turns and flow runs together) one engine process keeps in flight. A turn
  // waiting on a model or a tool costs memory, not CPU, so this is a memory bound, not a slot
  // count; admission also stops taking work while the event loop lags (ENGINE_MAX_LOOP_DELAY_MS).
  ENGINE_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(1000),
  // Event-loop delay (ms, p99 of the last second) above which the engine takes no new work.
  ENGINE_MAX_LOOP_DELAY_MS: z.coerce.number().int().min(10).max(10_000).default(200),
  // An operator's hard cap: executions of one organization running at once across the whole
  // deployment; 0 (the default) = no cap. Fairness between organizations needs no cap: the
  // engine takes each organization's oldest work in turn (docs/engine.md).
  ENGINE_ORG_CONCURRENCY: z.coerce.number().int().min(0).max(100_000).default(0),
  // Executions of one organization accepted and not yet started, beyond which new work of that
  // organization is refused with 429 BACKLOG_FULL and Retry-After; 0 = unbounded.
  ENGINE_ORG_BACKLOG_LIMIT: z.coerce.number().int().min(0).max(10_000_000).default(10_000),
  // Seconds a turn may wait queued before it starts; past it the turn fails TURN_QUEUE_TIMEOUT.
  // TURN_DEADLINE_SECONDS counts from the start, so queued time has this bound of its own.
  TURN_QUEUE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 3600)
    .default(900),
  // Seconds an idle engine slot waits before it looks for work without a wake-up: the backstop
  // for a lost NOTIFY and for retries that come due (they notify nobody).
  ENGINE_IDLE_POLL_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  // SIGTERM: seconds a process lets running jobs and requests finish before it releases the
  // rest to other engine processes and exits (below a typical orchestrator's 30 s kill delay).
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
  // How long an MCP tools/call waits for the agent's turn before answering "still running".
  // Below the MCP SDK client's default 60 s request timeout, so that answer arrives.
  MCP_TURN_WAIT_SECONDS: z.coerce.number().int().min(1).max(600).default(45),
  // Per-turn execution deadline (seconds), approval waits included (spec section 5, rule 9).
  TURN_DEADLINE_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 3600)
    .default(3600),
  // Assistant webhook retries (spec 6.2): seconds before each attempt, comma-separated; the
  // first is the initial attempt. Svix's schedule by default; tests shrink it.
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(/^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*\s*$/, "must be comma-separated seconds, e.g. 0,5,300")
    .default("0,5,300,1800,7200,18000,36000,36000"),
  // While a webhook attempt runs, its delivery is due again this many seconds later: a process
  // that dies mid-attempt leaves it to the sweep after that. Above the 15 s delivery timeout, so
  // a live attempt is never sent twice; tests of a killed worker shorten it.
  WEBHOOK_ATTEMPT_LEASE_SECONDS: z.coerce.number().int().min(16).max(3600).default(60),
  // Seconds without a heartbeat after which a turn's or flow run's job, held by a process that
  // died, is retried elsewhere (pg-boss's minimum is 10). Tests of a killed worker shorten it.
  ENGINE_JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(600).default(30),
  // Request-volume limits (requests per minute; 0 turns one off). See docs/rate-limits.md.
  // Partner API, per presented credential (the SHA-256 of the bearer token, valid or not).
  RATE_LIMIT_PARTNER_PER_CREDENTIAL: z.coerce.number().int().min(0).default(600),
  // Partner API, per organization named in the path (/organizations/{orgId}/...), all keys together.
  RATE_LIMIT_PARTNER_PER_ORG: z.coerce.number().int().min(0).default(1200),
  // Requests without a credential, per client IP (first X-Forwarded-For hop).
  RATE_LIMIT_PER_IP: z.coerce.number().int().min(0).default(300),
  // Failed sign-ins allowed per window (RATE_LIMIT_SIGN_IN_WINDOW_SECONDS) for one email address,
  // known or not, and from one client address (first X-Forwarded-For hop). See docs/security.md.
  RATE_LIMIT_SIGN_IN_PER_ACCOUNT: z.coerce.number().int().min(0).default(10),
  RATE_LIMIT_SIGN_IN_PER_IP: z.coerce.number().int().min(0).default(100),
  RATE_LIMIT_SIGN_IN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(900),
  // Bearer token of GET /api/metrics (Prometheus). Unset: the route answers 404 like an unknown path.
  METRICS_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Customer API (/api/v1), per presented credential (yk_/yku_, valid or not).
  RATE_LIMIT_V1_PER_CREDENTIAL: z.coerce.number().int().min(0).default(1200),
  // Customer API and MCP, per organization of the authenticated caller, all its keys together.
  RATE_LIMIT_V1_PER_ORG: z.coerce.number().int().min(0).default(3000),
  // Customer API requests without a credential (or with only the console cookie), per client IP.
  RATE_LIMIT_V1_PER_IP: z.coerce.number().int().min(0).default(1200),
  // MCP endpoint, per presented credential.
  RATE_LIMIT_MCP_PER_CREDENTIAL: z.coerce.number().int().min(0).default(600),
  // Event ingress, per ingress URL (the SHA-256 of its token) and per sending IP.
  RATE_LIMIT_INGRESS_PER_TOKEN: z.coerce.number().int().min(0).default(600),
  RATE_LIMIT_INGRESS_PER_IP: z.coerce.number().int().min(0).default(1200),
  // The console's own API (/api/trpc), per session cookie (its SHA-256, valid or not); requests
  // without one count per client IP (RATE_LIMIT_PER_IP). A batch of calls counts once.
  RATE_LIMIT_CONSOLE_PER_SESSION: z.coerce.number().int().min(0).default(1200),
  // POST /api/v1/auth/token (the console's cookie mints user tokens), per signed-in person.
  RATE_LIMIT_AUTH_TOKEN_PER_PERSON: z.coerce.number().int().min(0).default(120),
  // The API fuzz (src/server/trpc/openapi-fuzz.test.ts): its fast-check seed (a fixed one when
  // unset) and runs per operation. Read by tests only; see docs/testing.md.
  FUZZ_SEED: z.coerce
    .number()
    .int()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  FUZZ_RUNS: z.coerce.number().int().min(1).max(100_000).default(8),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // Vault keys: "kid:base64-32-bytes" entries, comma-separated; the first seals, all open.
  VAULT_KEYS: z
    .string()
    .regex(
      /^([A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]{43,44})(,[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]{43,44})*$/,
      "must be kid:base64key[,kid:base64key...] with 32-byte keys",
    )
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Worker connections (spec 4.8): the service's own OAuth apps, per connectable provider.
  // The preset names the identity provider; without a client id that provider has no managed app.
  OAUTH_MAIL_PRESET: z.enum(["google", "microsoft", "generic"]).default("google"),
  OAUTH_MAIL_CLIENT_ID: optionalText,
  OAUTH_MAIL_CLIENT_SECRET: optionalText,
  OAUTH_CALENDAR_PRESET: z.enum(["google", "microsoft", "generic"]).default("google"),
  OAUTH_CALENDAR_CLIENT_ID: optionalText,
  OAUTH_CALENDAR_CLIENT_SECRET: optionalText,
  // Microsoft's tenant for the service's apps (common, organizations, consumers or a tenant id).
  OAUTH_MICROSOFT_TENANT: z
    .string()
    .regex(/^[A-Za-z0-9.-]{1,100}$/, "must be common, organizations, consumers or a tenant id")
    .default("common"),
  // The generic preset: any OAuth 2 provider with authorization code + PKCE. http only on loopback.
  OAUTH_GENERIC_ISSUER: oauthUrl,
  OAUTH_GENERIC_AUTHORIZATION_URL: oauthUrl,
  OAUTH_GENERIC_TOKEN_URL: oauthUrl,
  OAUTH_GENERIC_REVOCATION_URL: oauthUrl,
  OAUTH_GENERIC_SCOPES_MAIL: z.string().default(""),
  OAUTH_GENERIC_SCOPES_CALENDAR: z.string().default(""),
  OAUTH_GENERIC_API_BASE_URL: oauthUrl,
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_BASE_URL: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  OPENAI_COMPATIBLE_BASE_URL: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  OPENAI_COMPATIBLE_API_KEY: z.string().optional(),
  // Each model call: seconds to the provider's first byte, and the longest silence in its
  // stream; past either the call fails MODEL_TIMEOUT (and is not retried) and the turn says so.
  MODEL_FIRST_BYTE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  MODEL_STREAM_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // OpenAI Responses calls send store: false (no copy kept by OpenAI) unless this is 1.
  OPENAI_STORE: booleanFlag,
  // Outgoing email (invitations, password resets): smtp://user:pass@host:587 or smtps://...:465.
  // Unset = no email; the console shows each link once to copy instead (docs/team.md).
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // The From of that email.
  MAIL_FROM: z.string().min(3).default("Agent Service <no-reply@localhost>"),
  // `npm run worker` only: the port of its own operations endpoint (GET /metrics with bearer
  // METRICS_TOKEN, /health/live, /health/ready); unset = off. A worker has no web server, and
  // /api/metrics of a web process shows only that process's series. See docs/deployment.md.
  WORKER_METRICS_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // The address it binds to: loopback by default; 0.0.0.0 (or a pod IP) for a scraper elsewhere.
  WORKER_METRICS_HOST: z.string().min(1).default("127.0.0.1"),
});

export type TEnv = z.infer<typeof ZEnv>;

function loadEnv(): TEnv {
  const parsed = ZEnv.safeParse({
    ...process.env,
    AUTH_SECRET: process.env.AUTH_SECRET ?? process.env.NEXTAUTH_SECRET,
  });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration (see .env.example):\n${lines.join("\n")}`);
  }
  return parsed.data;
}

export const env: TEnv = loadEnv();

/**
 * Secrets a shared deployment must configure: every process on one PostgreSQL database has to
 * sign cookies and seal secrets with the same keys. Checked when a server starts (not when the
 * app is built). The embedded mode keeps generated ones in its own data folder instead.
 */
export function missingProductionSecrets(): string[] {
  if (env.NODE_ENV !== "production" || !env.DATABASE_URL) return [];
  return [...(env.AUTH_SECRET ? [] : ["AUTH_SECRET"]), ...(env.VAULT_KEYS ? [] : ["VAULT_KEYS"])];
}

/** The public base URL of this service, used in links and printed messages. */
export function publicBaseUrl(): string {
  return (env.PUBLIC_BASE_URL ?? env.NEXTAUTH_URL ?? `http://127.0.0.1:${env.PORT}`).replace(/\/$/, "");
}

/** host or host:port entries exempt from the outbound SSRF guard (tests, local development). */
export function httpToolAllowedHosts(): string[] {
  return env.HTTP_TOOL_ALLOWED_HOSTS.split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
}
