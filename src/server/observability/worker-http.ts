import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { envelope, noRoute } from "@/server/errors";
import { log } from "@/server/log";
import { renderMetrics } from "./metrics";
import { metricsAccessAllowed } from "./metrics-access";

/**
 * The operations endpoint of an `npm run worker` process (it has no Next.js server): the same
 * Prometheus registry the web process serves at /api/metrics, which only sees its own process's
 * series, so job timings measured here would otherwise never be scraped. docs/deployment.md.
 *
 *   GET /metrics       bearer METRICS_TOKEN, else the uniform 404 (as /api/metrics does)
 *   GET /health/live   200 while the process runs
 *   GET /health/ready  200 when `readiness` says ready, else 503 (also while draining)
 */
export type TWorkerReadiness = { ready: boolean; body: unknown };

type TWorkerHttpOptions = {
  port: number;
  host: string;
  readiness: () => Promise<TWorkerReadiness>;
};

export type TWorkerHttp = { server: Server; port: number; close: () => Promise<void> };

function json(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  response.end(JSON.stringify(value));
}

// Same words as a path no route owns, so a refused scrape cannot tell metrics exist here.
function unknownPath(request: IncomingMessage, response: ServerResponse, pathname: string): void {
  json(response, 404, noRoute(request.method ?? "GET", pathname).toEnvelope());
}

async function answer(request: IncomingMessage, response: ServerResponse, options: TWorkerHttpOptions): Promise<void> {
  const { pathname } = new URL(request.url ?? "/", "http://worker");
  if (request.method !== "GET" && request.method !== "HEAD") return unknownPath(request, response, pathname);
  if (pathname === "/health/live")
    return json(response, 200, { status: "ok", uptimeSeconds: Math.round(process.uptime()) });
  if (pathname === "/health/ready") {
    const readiness = await options.readiness();
    return json(response, readiness.ready ? 200 : 503, readiness.body);
  }
  if (pathname === "/metrics" && metricsAccessAllowed(request.headers.authorization ?? null)) {
    const { body, contentType } = await renderMetrics();
    response.writeHead(200, { "content-type": contentType, "cache-control": "no-store" });
    response.end(body);
    return;
  }
  return unknownPath(request, response, pathname);
}

/** Starts listening; resolves once bound (port 0 picks a free port, returned in `port`). */
export async function startWorkerHttp(options: TWorkerHttpOptions): Promise<TWorkerHttp> {
  const server = createServer((request, response) => {
    answer(request, response, options).catch((error: unknown) => {
      log.error("worker operations endpoint failed", { error });
      if (!response.headersSent) json(response, 500, envelope("INTERNAL", "The worker could not answer; see its log."));
      else response.destroy();
    });
  });
  // Probes and scrapes are short; idle keep-alive sockets must not hold a draining worker open.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { server, port, close };
}
