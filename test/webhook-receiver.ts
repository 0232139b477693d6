import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

/** One request a webhook receiver got, with whether its signature verified under the secret. */
export type TWebhookHit = { at: number; body: string; timestamp: string; signature: string; verified: boolean };
type TAnswer = { status: number; headers?: Record<string, string> };

/**
 * A real webhook receiver on loopback (imported by *.test.ts only): verifies each request's
 * signature the way the integration guide tells platforms to, and answers what the test queued
 * (200 once the queue is empty).
 */
export async function startWebhookReceiver(secret: () => string) {
  const hits: TWebhookHit[] = [];
  const answers: TAnswer[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const timestamp = String(req.headers["x-service-timestamp"] ?? "");
      const signature = String(req.headers["x-service-signature"] ?? "");
      const expected = `sha256=${createHmac("sha256", secret()).update(`${timestamp}.${body}`).digest("hex")}`;
      const verified =
        signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
      hits.push({ at: Date.now(), body, timestamp, signature, verified });
      const answer = answers.shift() ?? { status: 200 };
      res.writeHead(answer.status, answer.headers);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    hostPort: `127.0.0.1:${port}`,
    hits,
    /** The next requests' answers, in order. */
    answer: (...next: TAnswer[]) => answers.push(...next),
    reset: () => {
      hits.length = 0;
      answers.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
