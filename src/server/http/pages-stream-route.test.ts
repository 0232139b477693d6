import { once } from "node:events";
import { createServer, request as httpRequest, ServerResponse, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { detach } from "@/server/detach";
import type { TByteSink, TByteSource } from "@/server/events/byte-sink";
import { pagesStreamRoute, shedFrameworkState } from "./pages-stream-route";
import { sinkResponse } from "./sink-response";

// The adapter over a real Node HTTP server and client: what Next's Pages API route hands it.
let server: Server | undefined;
afterEach(async () => {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

async function serve(
  route: ReturnType<typeof pagesStreamRoute<{ id: string }>>,
  query: Record<string, string>,
): Promise<string> {
  // A Node server's request callback cannot await: the route runs detached, as under Next.js.
  server = createServer((req, res) => detach(route(Object.assign(req, { query }), res), "pages stream route"));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function get(
  address: string,
  path: string,
  method = "GET",
  headers: Record<string, string> = {},
): Promise<IncomingMessage> {
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
  return {
    body,
    state,
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: () => controller.error(new Error("broken")),
  };
}

const until = async (check: () => boolean) => {
  for (let tries = 0; tries < 200 && !check(); tries++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

describe("pagesStreamRoute (a web handler served from a Pages API route)", () => {
  it("passes the method, path, query, headers and route params in, and status, headers and cookies out", async () => {
    const seen: Array<{ method: string; url: string; auth: string | null; id: string }> = [];
    const route = pagesStreamRoute<{ id: string }>(
      async (req, { params }) => {
        seen.push({ method: req.method, url: req.url, auth: req.headers.get("authorization"), id: (await params).id });
        const headers = new Headers({ "content-type": "application/json", "x-request-id": "r-1" });
        headers.append("set-cookie", "a=1");
        headers.append("set-cookie", "b=2");
        return new Response(JSON.stringify({ error: { code: "NOT_FOUND" } }), { status: 404, headers });
      },
      ["id"],
    );
    const address = await serve(route, { id: "abc" });
    const response = await get(address, "/api/x/abc/stream?lastEventId=7", "GET", { authorization: "Bearer yk_test" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["x-request-id"]).toBe("r-1");
    expect(response.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
    let text = "";
    for await (const chunk of response) text += chunk;
    expect(JSON.parse(text)).toEqual({ error: { code: "NOT_FOUND" } });
    expect(seen).toEqual([
      {
        method: "GET",
        url: "http://service.internal/api/x/abc/stream?lastEventId=7",
        auth: "Bearer yk_test",
        id: "abc",
      },
    ]);
  });

  it("delivers each chunk as it is produced, and ends the response when the body ends", async () => {
    const fed = handFed();
    const address = await serve(
      pagesStreamRoute<{ id: string }>(
        async () => new Response(fed.body, { headers: { "content-type": "text/event-stream" } }),
        ["id"],
      ),
      { id: "s" },
    );
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

  it("a client that goes away cancels the body (the stream's cleanup runs)", async () => {
    const fed = handFed();
    const address = await serve(
      pagesStreamRoute<{ id: string }>(async () => new Response(fed.body), ["id"]),
      { id: "s" },
    );
    const response = await get(address, "/s");
    fed.push(": open\n\n");
    await once(response, "data");
    expect(fed.state.cancelled).toBe(false);
    response.destroy();
    await until(() => fed.state.cancelled);
  });

  it("a body that fails ends the response instead of leaving it hanging", async () => {
    const fed = handFed();
    const address = await serve(
      pagesStreamRoute<{ id: string }>(async () => new Response(fed.body), ["id"]),
      { id: "s" },
    );
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
      pagesStreamRoute<{ id: string }>(
        async (req) => {
          methods.push(req.method);
          return new Response(fed.body, { headers: { "content-type": "text/event-stream" } });
        },
        ["id"],
      ),
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

  describe("a body made by sinkResponse", () => {
    /** A source the test drives: what it was given to write to, and whether it was stopped. */
    function handDriven() {
      const state = { started: 0, stopped: 0 };
      let sink: TByteSink | undefined;
      const source: TByteSource = (given) => {
        state.started++;
        sink = given;
        return () => void state.stopped++;
      };
      return { source, state, write: (text: string) => sink!.write(encoder.encode(text)), end: () => sink!.end() };
    }

    it("is written to Node's response directly (its web body is never read), and ends it when the source ends", async () => {
      const driven = handDriven();
      let response: Response | undefined;
      const route = pagesStreamRoute<{ id: string }>(
        async () => (response = sinkResponse(driven.source, { headers: { "content-type": "text/event-stream" } })),
        ["id"],
      );
      const answer = await get(await serve(route, { id: "s" }), "/s");
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-type"]).toBe("text/event-stream");
      const chunks: string[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
      driven.write("retry: 2000\n\n");
      driven.write("id: 1\ndata: {}\n\n");
      await until(() => chunks.join("") === "retry: 2000\n\nid: 1\ndata: {}\n\n");
      expect(driven.state.started).toBe(1);
      expect(response!.bodyUsed).toBe(false);
      driven.end();
      await once(answer, "end");
    });

    it("is stopped when the client goes away", async () => {
      const driven = handDriven();
      const route = pagesStreamRoute<{ id: string }>(async () => sinkResponse(driven.source, {}), ["id"]);
      const answer = await get(await serve(route, { id: "s" }), "/s");
      driven.write(": open\n\n");
      await once(answer, "data");
      expect(driven.state.stopped).toBe(0);
      answer.destroy();
      await until(() => driven.state.stopped === 1);
    });

    it("never starts when the client left before the handler answered", async () => {
      const driven = handDriven();
      let answered!: () => void;
      const handlerDone = new Promise<void>((resolve) => (answered = resolve));
      let release!: () => void;
      const route = pagesStreamRoute<{ id: string }>(async () => {
        await new Promise<void>((resolve) => (release = resolve));
        queueMicrotask(answered);
        return sinkResponse(driven.source, {});
      }, ["id"]);
      const address = await serve(route, { id: "s" });
      const [host, port] = address.split(":");
      const client = httpRequest({ host, port: Number(port), path: "/s" });
      client.on("error", () => undefined);
      client.end();
      await until(() => release !== undefined);
      client.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      await handlerDone;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(driven.state.started).toBe(0);
    });

    /** What Next.js puts on a Pages API request and response before the route runs (the parts a held stream sheds). */
    function decorateAsNext(req: IncomingMessage, res: ServerResponse, wrapped: { writes: number }) {
      const write = res.write;
      Object.assign(res, {
        write: (...args: Parameters<ServerResponse["write"]>) => {
          wrapped.writes++;
          return write.apply(res, args);
        },
        send: () => undefined,
        json: () => undefined,
      });
      Object.defineProperty(req, "cookies", { configurable: true, enumerable: true, get: () => ({}) });
      Object.assign(req, { [Symbol.for("NextInternalRequestMeta")]: { initURL: req.url } });
    }

    it("lets go of Next.js's helpers and wrappers once it is served, and keeps writing through Node's own methods", async () => {
      const driven = handDriven();
      const wrapped = { writes: 0 };
      const seen: { req?: IncomingMessage; res?: ServerResponse } = {};
      const route = pagesStreamRoute<{ id: string }>(
        async () =>
          sinkResponse(driven.source, {
            headers: { "content-type": "text/event-stream", "cache-control": "no-cache, no-transform" },
          }),
        ["id"],
      );
      server = createServer((req, res) => {
        decorateAsNext(req, res, wrapped);
        Object.assign(seen, { req, res });
        detach(route(Object.assign(req, { query: { id: "s" } }), res), "pages stream route");
      });
      server.listen(0, "127.0.0.1");
      await once(server, "listening");
      const answer = await get(`127.0.0.1:${(server.address() as AddressInfo).port}`, "/s");
      const chunks: string[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
      await until(() => seen.res!.write === ServerResponse.prototype.write);
      const res = seen.res as unknown as Record<string, unknown>;
      const req = seen.req as unknown as Record<string | symbol, unknown>;
      expect([res.send, res.json, req.cookies, req[Symbol.for("NextInternalRequestMeta")]]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      driven.write("retry: 2000\n\n");
      driven.write("id: 1\ndata: {}\n\n");
      await until(() => chunks.join("") === "retry: 2000\n\nid: 1\ndata: {}\n\n");
      // Written by Node's own method, past Next.js's wrapper.
      expect(wrapped.writes).toBe(0);
      driven.end();
      await once(answer, "end");
    });

    it("keeps the wrappers of a compressed response: they do the compressing", async () => {
      const req = { headers: {} } as IncomingMessage;
      const res = new ServerResponse(req);
      const write = () => true;
      Object.assign(res, { write });
      res.setHeader("content-encoding", "gzip");
      shedFrameworkState(req, res);
      expect(res.write).toBe(write);
    });

    it("reads as a web stream anywhere else, started by its first read and stopped by cancel", async () => {
      const driven = handDriven();
      const body = sinkResponse(driven.source, {}).body!;
      await new Promise((resolve) => setImmediate(resolve));
      expect(driven.state.started).toBe(0);
      const reader = body.getReader();
      const first = reader.read();
      await new Promise((resolve) => setImmediate(resolve));
      expect(driven.state.started).toBe(1);
      driven.write("hello");
      expect(new TextDecoder().decode((await first).value)).toBe("hello");
      await reader.cancel();
      expect(driven.state.stopped).toBe(1);
    });
  });
});
