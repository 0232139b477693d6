import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { TReceivedMail } from "../../test/smtp-sink";

/**
 * The fixture world's `httpTarget`: a real HTTP receiver on loopback that the service's tools
 * call during e2e runs. It records every request (method, path, query, headers, body) and
 * answers 200 JSON unless a test scripted another answer. One receiver serves the whole run
 * (started in global setup), so tests tell their requests apart by a unique marker they put in
 * the message (it reaches the receiver through the fixture agents' `{{message}}` argument).
 *
 * Control routes (never called by the service): GET /__receiver/requests?marker=...,
 * POST /__receiver/respond { marker, status, body } (applies to requests containing marker),
 * GET /__receiver/mail?to=... (what the run's SMTP sink received for that address, oldest first).
 */
export type TReceivedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
  at: string;
};

type TScripted = { marker: string; status: number; body: unknown };

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function flatHeaders(request: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  return out;
}

/** A request the receiver failed to answer gets a 500 (Node does not await a request callback). */
function answerFailure(response: ServerResponse, error: unknown): void {
  process.stderr.write(`e2e receiver: ${error instanceof Error ? error.message : String(error)}\n`);
  if (!response.headersSent) response.writeHead(500);
  response.end();
}

export function startReceiver(port: number, mails: readonly TReceivedMail[] = []): Promise<Server> {
  const received: TReceivedRequest[] = [];
  const scripted: TScripted[] = [];
  const respond = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? "/", "http://receiver");
    const body = await readBody(request);
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(value));
    };
    if (url.pathname === "/__receiver/requests") {
      const marker = url.searchParams.get("marker") ?? "";
      return json(
        200,
        received.filter((entry) => JSON.stringify(entry).includes(marker)),
      );
    }
    if (url.pathname === "/__receiver/mail") {
      const to = (url.searchParams.get("to") ?? "").toLowerCase();
      return json(
        200,
        mails.filter((mail) => mail.to.includes(to)),
      );
    }
    if (url.pathname === "/__receiver/respond" && request.method === "POST") {
      scripted.unshift(JSON.parse(body) as TScripted);
      return json(200, { ok: true });
    }
    const entry: TReceivedRequest = {
      method: request.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: flatHeaders(request),
      body,
      at: new Date().toISOString(),
    };
    received.push(entry);
    const text = JSON.stringify(entry);
    const script = scripted.find((candidate) => text.includes(candidate.marker));
    if (script) return json(script.status, script.body);
    return json(200, { ok: true, path: url.pathname, query: entry.query });
  };
  const server = createServer((request, response) => {
    respond(request, response).catch((error: unknown) => answerFailure(response, error));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}
