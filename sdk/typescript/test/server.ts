import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Recorded = { method: string; url: string; headers: IncomingMessage["headers"]; body: string };
export type Handler = (request: Recorded, response: ServerResponse, index: number) => void;

/** A scripted loopback server: answers the n-th request with handlers[n] (the last one repeats) and records them all. */
export async function scriptedServer(handlers: Handler[]) {
  const requests: Recorded[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const recorded = {
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(recorded);
      const index = requests.length - 1;
      handlers[Math.min(index, handlers.length - 1)]!(recorded, response, index);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return (_request, response) => {
    response.writeHead(status, { "content-type": "application/json", ...headers });
    response.end(JSON.stringify(body));
  };
}

export function errorEnvelope(status: number, code: string, headers: Record<string, string> = {}): Handler {
  return json(status, { error: { code, message: `${code} for the test` } }, headers);
}

/** Closes the socket without an answer: the client sees a connection error. */
export const hangUp: Handler = (_request, response) => {
  response.socket?.destroy();
};
