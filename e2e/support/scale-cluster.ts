import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import { Client } from "pg";

/**
 * The scale-out e2e's own deployment: web processes (`next start` from the built .next) and
 * `npm run worker` processes on one fresh PostgreSQL database, a slow HTTP tool target that
 * counts every execution, and an SSE reader that fails over between web processes.
 */
// E2E_SCALE_PORT_BASE moves every port of the cluster together (default 3340), so a CI run and
// a developer's run on one machine do not collide: base and base+1 the web processes, base+3
// the tool target, base+4 the webhook receiver, base+5 on the workers' metrics endpoints.
const PORT_BASE = Number(process.env.E2E_SCALE_PORT_BASE ?? 3340);
export const SCALE_PORTS = {
  webA: PORT_BASE,
  webB: PORT_BASE + 1,
  target: PORT_BASE + 3,
  webhooks: PORT_BASE + 4,
  firstWorkerMetrics: PORT_BASE + 5,
} as const;

/** The cluster's own database: one per port base, so two runs on one server do not drop each other's. */
export const SCALE_DATABASE = PORT_BASE === 3340 ? "aas_scale_out" : `aas_scale_out_${PORT_BASE}`;

/** The bearer of every process's metrics (web /api/metrics, worker /metrics). */
export const SCALE_METRICS_TOKEN = "e2e-scale-metrics-token-0123456789";

const SECRETS = {
  AUTH_SECRET: "e2e-scale-secret-e2e-scale-secret-e2e",
  VAULT_KEYS: "e2e:lyNHTwgT98ETMDfC4V/wy02QeN6ym7B/FBCC61NnGTU=",
};

/** A fresh database beside E2E_DATABASE_URL's (same server), dropped and created again. */
export async function freshDatabase(baseUrl: string, name: string): Promise<string> {
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function query<T>(databaseUrl: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

export type TProcess = {
  name: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  kill: (signal: NodeJS.Signals) => void;
  /** A worker's operations endpoint (WORKER_METRICS_PORT), e.g. http://127.0.0.1:3345. */
  metricsBase?: string;
};

function run(name: string, command: string, args: string[], env: Record<string, string>): TProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let text = "";
  child.stdout!.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
  child.stderr!.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? (signal ? -1 : null))),
  );
  return { name, child, output: () => text, exited, kill: (signal) => void child.kill(signal) };
}

function serviceEnv(databaseUrl: string, port: number): Record<string, string> {
  return {
    ...SECRETS,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    ALLOW_FIXTURES: "1",
    HTTP_TOOL_ALLOWED_HOSTS: `127.0.0.1:${SCALE_PORTS.target},127.0.0.1:${SCALE_PORTS.webhooks}`,
    METRICS_TOKEN: SCALE_METRICS_TOKEN,
    LOG_LEVEL: "warn",
    ENGINE_MAX_IN_FLIGHT: "2",
    SHUTDOWN_GRACE_SECONDS: "10",
    // A killed worker's jobs and webhook attempts come back sooner than in production (30 s, 60 s),
    // and the others look for them sooner (30 s).
    ENGINE_JOB_HEARTBEAT_SECONDS: "10",
    ENGINE_IDLE_POLL_SECONDS: "10",
    WEBHOOK_ATTEMPT_LEASE_SECONDS: "20",
  };
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  process?: TProcess,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(
        `${what} did not happen in ${timeoutMs} ms${process ? `; ${process.name} said:\n${process.output().slice(-3000)}` : ""}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A web process serving the already-built app; the engine is off (workers run the jobs). */
export async function startWeb(databaseUrl: string, port: number): Promise<TProcess> {
  const web = run(
    `web:${port}`,
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"],
    { ...serviceEnv(databaseUrl, port), ENGINE_IN_PROCESS: "0" },
  );
  await until(
    `web ${port} ready`,
    async () => ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok ? true : undefined),
    90_000,
    web,
  );
  return web;
}

let workersStarted = 0;

/** An `npm run worker` process with its own metrics endpoint on the next free port after base+5. */
export async function startWorker(databaseUrl: string, name: string): Promise<TProcess> {
  const metricsPort = SCALE_PORTS.firstWorkerMetrics + workersStarted++;
  // One process (node with tsx's loader), so a signal reaches the worker itself.
  const worker = run(name, process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    ...serviceEnv(databaseUrl, SCALE_PORTS.webA),
    WORKER_METRICS_PORT: String(metricsPort),
  });
  await until(
    `${name} ready`,
    async () => (worker.output().includes("worker ready") ? true : undefined),
    90_000,
    worker,
  );
  return { ...worker, metricsBase: `http://127.0.0.1:${metricsPort}` };
}

export { until };

export type TExecution = { path: string; message: string; at: number };

/**
 * The world's httpTarget: answers every tool call after `delayMs` (four times that for a
 * message with "long" in it), so a kill lands while
 * calls are in flight, and records each one (path and the `message` the agent substituted).
 */
export async function startSlowTarget(delayMs: number): Promise<{ server: Server; executions: TExecution[] }> {
  const executions: TExecution[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://target");
      const body = Buffer.concat(chunks).toString("utf8");
      executions.push({ path: url.pathname, message: url.searchParams.get("message") ?? body, at: Date.now() });
      // A marker with "long" in it holds its call for seconds: a stream that must still be open when its server stops.
      const delay = url.search.includes("long") || body.includes("long") ? delayMs * 4 : delayMs;
      setTimeout(() => response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'), delay);
    });
  });
  await new Promise<void>((resolve) => server.listen(SCALE_PORTS.target, "127.0.0.1", resolve));
  return { server, executions };
}
