import { once } from "node:events";
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { pagesStreamRoute } from "./pages-stream-route";

// The adapter over a real Node HTTP server and client: what Next's Pages API route hands it.
let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function serve(route: ReturnType<typeof pagesStreamRoute<{ id: string }>>, query: Record<string, string>): Promise<string> {
  server = createServer((req, res) => void route(Object.assign(req, { query }), res));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function get(address: string, path: string, method = "GET", headers: Record<string, string> = {}): Promise<IncomingMessage> {
  const [host, port] = address.split(":");
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host, port: Number(port), path, method, headers }, resolve);
    req.on("error", reject);
    req.end();
  });
}

const encoder = new TextEncoder();

/** A web stream the test feeds by hand, recording whether its consumer cancelled it. */
function handFed() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start: (c) => void (controller = c),
    cancel: () => void (state.cancelled = true),
  });
  return { body, state, push: (text: string) => controller.enqueue(encoder.encode(text)), end: () => controller.close(), fail: () => controller.error(new Error("broken")) };
}

const until = async (check: () => boolean) => {
  for (let tries = 0; tries < 200 && !check(); tries++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

describe("pagesStreamRoute (a web handler served from a Pages API route)", () => {
  it("passes the method, path, query, headers and route params in, and status, headers and cookies out", async () => {
    const seen: Array<{ method: string; url: string; auth: string | null; id: string }> = [];
    const route = pagesStreamRoute<{ id: string }>(async (req, { params }) => {
      seen.push({ method: req.method, url: req.url, auth: req.headers.get("authorization"), id: (await params).id });
      const headers = new Headers({ "content-type": "application/json", "x-request-id": "r-1" });
      headers.append("set-cookie", "a=1");
      headers.append("set-cookie", "b=2");
      return new Response(JSON.stringify({ error: { code: "NOT_FOUND" } }), { status: 404, headers });
    }, ["id"]);
    const address = await serve(route, { id: "abc" });
    const response = await get(address, "/api/x/abc/stream?lastEventId=7", "GET", { authorization: "Bearer yk_test" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["x-request-id"]).toBe("r-1");
    expect(response.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
    let text = "";
    for await (const chunk of response) text += chunk;
    expect(JSON.parse(text)).toEqual({ error: { code: "NOT_FOUND" } });
    expect(seen).toEqual([{ method: "GET", url: "http://service.internal/api/x/abc/stream?lastEventId=7", auth: "Bearer yk_test", id: "abc" }]);
  });

  it("delivers each chunk as it is produced, and ends the response when the body ends", async () => {
    const fed = handFed();
    const address = await serve(pagesStreamRoute<{ id: string }>(async () => new Response(fed.body, { headers: { "content-type": "text/event-stream" } }), ["id"]), { id: "s" });
    const response = await get(address, "/s");
    expect(response.statusCode).toBe(200);
    const chunks: string[] = [];
    response.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
    fed.push("retry: 2000\n\n");
    await until(() => chunks.join("") === "retry: 2000\n\n");
    fed.push("id: 1\ndata: {}\n\n");
    await until(() => chunks.join("").endsWith("id: 1\ndata: {}\n\n"));
    fed.end();
    await once(response, "end");
  });

  it("a client that goes away aborts the request's signal and cancels the body (the stream's cleanup runs)", async () => {
    const fed = handFed();
    let signal: AbortSignal | undefined;
    const address = await serve(
      pagesStreamRoute<{ id: string }>(async (req) => {
        signal = req.signal;
        return new Response(fed.body);
      }, ["id"]),
      { id: "s" },
    );
    const response = await get(address, "/s");
    fed.push(": open\n\n");
    await once(response, "data");
    expect(signal?.aborted).toBe(false);
    response.destroy();
    await until(() => fed.state.cancelled && signal?.aborted === true);
  });

  it("a body that fails ends the response instead of leaving it hanging", async () => {
    const fed = handFed();
    const address = await serve(pagesStreamRoute<{ id: string }>(async () => new Response(fed.body), ["id"]), { id: "s" });
    const response = await get(address, "/s");
    fed.push("partial");
    await once(response, "data");
    fed.fail();
    await once(response, "end");
  });

  it("HEAD runs the handler as GET and answers with its headers only", async () => {
    const fed = handFed();
    const methods: string[] = [];
    const address = await serve(
      pagesStreamRoute<{ id: string }>(async (req) => {
        methods.push(req.method);
        return new Response(fed.body, { headers: { "content-type": "text/event-stream" } });
      }, ["id"]),
      { id: "s" },
    );
    const response = await get(address, "/s", "HEAD");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/event-stream");
    response.resume();
    await once(response, "end");
    expect(methods).toEqual(["GET"]);
    await until(() => fed.state.cancelled);
  });
});
