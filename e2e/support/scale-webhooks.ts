import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";

/**
 * The scale-out e2e's webhook receiver: records every delivery attempt the moment it arrives
 * (body bytes and signature headers) and holds its 200 for `holdMs`, so attempts are still in
 * flight when a worker is killed. `open()` counts attempts held right now.
 */
export type THookHit = {
  id: string;
  body: string;
  timestamp: string;
  signature: string;
  at: number;
  answered: boolean;
};

export type TWebhookReceiver = { server: Server; hits: THookHit[]; open: () => number; close: () => Promise<void> };

export async function startWebhookReceiver(port: number, holdMs: number): Promise<TWebhookReceiver> {
  const hits: THookHit[] = [];
  let held = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let id = "";
      try {
        id = String((JSON.parse(body) as { id?: unknown }).id ?? "");
      } catch {
        id = "(not JSON)";
      }
      const hit: THookHit = {
        id,
        body,
        timestamp: String(request.headers["x-service-timestamp"] ?? ""),
        signature: String(request.headers["x-service-signature"] ?? ""),
        at: Date.now(),
        answered: false,
      };
      hits.push(hit);
      held++;
      // The sender may die while we hold its answer (that is the point): ignore the broken socket.
      response.on("error", () => undefined);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        held--;
      };
      request.socket.once("close", release);
      setTimeout(() => {
        release();
        if (response.destroyed || request.socket.destroyed) return;
        hit.answered = true;
        response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
      }, holdMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    server,
    hits,
    open: () => held,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Whether a hit carries the signature of spec 6.2 over its own timestamp and body bytes. */
export function signedWith(secret: string, hit: THookHit): boolean {
  return (
    hit.signature ===
    `sha256=${createHmac("sha256", secret).update(`${hit.timestamp}.${hit.body}`, "utf8").digest("hex")}`
  );
}
