import { afterEach, describe, expect, it } from "vitest";
import { POST as ingress, GET as ingressGet } from "@/app/api/v1/triggers/ingress/[token]/route";
import { AppError } from "@/server/errors";
import { renderMetrics } from "@/server/observability/metrics";
import { overrideRateLimits } from "@/server/ratelimit/policies";
import { handleOpenApiRequest } from "@/server/trpc/openapi-handler";
import { apiRoute } from "./api-route";
import { currentRequestId } from "@/server/request-id";

// The one door of plain route handlers: what every answer carries whatever the route does.

const URL_ = "http://127.0.0.1/api/v1/triggers/ingress/";
const params = (token: string) => ({ params: Promise.resolve({ token }) });
const unknownToken = () => `tok${crypto.randomUUID().replaceAll("-", "")}`;

afterEach(() => overrideRateLimits(null));

describe("the route wrapper", () => {
  it("echoes a sane inbound X-Request-Id and replaces anything else with a new UUID", async () => {
    const token = unknownToken();
    const echoed = await ingress(
      new Request(URL_ + token, { method: "POST", headers: { "x-request-id": "trace-42:abc.DEF_x" }, body: "{}" }),
      params(token),
    );
    expect(echoed.status).toBe(404);
    expect(echoed.headers.get("x-request-id")).toBe("trace-42:abc.DEF_x");
    for (const insane of ["has space", "x".repeat(129), "semi;colon"]) {
      const replaced = await ingress(
        new Request(URL_ + token, { method: "POST", headers: { "x-request-id": insane }, body: "{}" }),
        params(token),
      );
      expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
    const fresh = await ingress(new Request(URL_ + token, { method: "POST", body: "{}" }), params(token));
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers other methods with 405 METHOD_NOT_ALLOWED, Allow and the envelope", async () => {
    const token = unknownToken();
    const response = await ingressGet(new Request(URL_ + token), params(token));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(response.headers.get("ratelimit-policy")).toContain('"credential"');
    expect(await response.json()).toEqual({
      error: { code: "METHOD_NOT_ALLOWED", message: expect.stringContaining("use POST") },
    });
  });

  it("turns a thrown AppError into its envelope and status, and an unknown error into 500 INTERNAL quoting the request id", async () => {
    let seen: string | undefined;
    const route = apiRoute<{ kind: string }>(
      { route: "/test/[kind]", methods: ["POST"] },
      async (_req, { params: { kind }, requestId }) => {
        seen = currentRequestId();
        expect(seen).toBe(requestId);
        if (kind === "conflict")
          throw new AppError("CONFLICT", "Already done: nothing to retry.", { details: { id: "x" } });
        throw new Error("database exploded: secret=hunter2");
      },
    );
    const conflict = await route(new Request("http://127.0.0.1/test/conflict", { method: "POST" }), {
      params: Promise.resolve({ kind: "conflict" }),
    });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toEqual({
      error: { code: "CONFLICT", message: "Already done: nothing to retry.", details: { id: "x" } },
    });
    expect(conflict.headers.get("x-request-id")).toBe(seen);

    const failed = await route(
      new Request("http://127.0.0.1/test/boom", { method: "POST", headers: { "x-request-id": "req-boom-1" } }),
      {
        params: Promise.resolve({ kind: "boom" }),
      },
    );
    expect(failed.status).toBe(500);
    expect(failed.headers.get("x-request-id")).toBe("req-boom-1");
    const body = await failed.json();
    expect(body).toEqual({ error: { code: "INTERNAL", message: expect.stringContaining("req-boom-1") } });
    expect(JSON.stringify(body)).not.toContain("hunter2");
  });

  it("copies a response with immutable headers (a redirect) to add its own", async () => {
    const route = apiRoute({ route: "/test/redirect", methods: ["GET"] }, async () =>
      Response.redirect("https://example.com/next", 302),
    );
    const response = await route(
      new Request("http://127.0.0.1/test/redirect", { headers: { "x-request-id": "redir-1" } }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://example.com/next");
    expect(response.headers.get("x-request-id")).toBe("redir-1");
  });

  it("counts every answer in the request metrics under the route's template, never its concrete path", async () => {
    const unknownAutomation = crypto.randomUUID();
    const opened = await handleOpenApiRequest(
      new Request(`http://127.0.0.1/api/v1/agents/${unknownAutomation}/sessions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
      "v1",
    );
    expect(opened.status).toBe(404);
    const token = unknownToken();
    await ingress(new Request(URL_ + token, { method: "POST", body: "{}" }), params(token));
    const { body } = await renderMetrics();
    expect(body).toMatch(
      /http_requests_total\{[^}]*route="\/api\/v1\/agents\/\{automationId\}\/sessions"[^}]*status="404"[^}]*\} \d+/,
    );
    expect(body).toMatch(/route="\/api\/v1\/triggers\/ingress\/\[token\]"/);
    expect(body).not.toContain(unknownAutomation);
    expect(body).not.toContain(token);
  });
});
