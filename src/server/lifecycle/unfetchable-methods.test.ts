import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseUnfetchableMethods } from "./unfetchable-methods";

// Next.js builds a WHATWG Request from every request, which refuses TRACE; the guard
// answers them on the process's HTTP servers before any handler runs.

let server: Server;
let port: number;
const handled: string[] = [];

beforeAll(async () => {
  refuseUnfetchableMethods();
  refuseUnfetchableMethods(); // once per process, whoever calls it
  server = createServer((req, res) => {
    handled.push(req.method!);
    res.end("handled");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

function send(
  method: string,
  path: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers: { "x-request-id": "trace-1" } }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("methods no route serves", () => {
  it("answers TRACE with the 405 envelope, Allow and the request id, before any handler", async () => {
    const answer = await send("TRACE", "/api/v1/triggers/fire?x=1");
    expect(answer.status).toBe(405);
    expect(answer.headers["content-type"]).toBe("application/json");
    expect(answer.headers.allow).toContain("POST");
    expect(answer.headers["x-request-id"]).toBe("trace-1");
    expect(JSON.parse(answer.body)).toEqual({
      error: {
        code: "METHOD_NOT_ALLOWED",
        message: "TRACE is not supported on /api/v1/triggers/fire; no route of this service serves it.",
      },
    });
    expect(handled).toEqual([]);
  });

  it("passes every other method to the handler", async () => {
    expect((await send("GET", "/")).body).toBe("handled");
    expect((await send("DELETE", "/")).body).toBe("handled");
    expect(handled).toEqual(["GET", "DELETE"]);
  });
});
