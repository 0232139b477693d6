import { expect, test } from "@playwright/test";
import { E2E_METRICS_TOKEN } from "../../playwright.config";
import { acme } from "../support/api";
import { bearer, world } from "../support/world";

// Operations against the built service: the probes, and the metrics route's access and series.

const metrics = (authorization?: string) =>
  fetch(`${world().baseUrl}/api/metrics`, { headers: authorization ? { authorization } : {} });

async function scrape(): Promise<string> {
  const response = await metrics(`Bearer ${E2E_METRICS_TOKEN}`);
  expect(response.status).toBe(200);
  return response.text();
}

const valueOf = (text: string, series: string) =>
  Number(
    text
      .split("\n")
      .find((line) => line.startsWith(`${series} `))
      ?.slice(series.length + 1) ?? 0,
  );

test.describe("probes", () => {
  test("liveness answers 200 without looking at anything else", async ({ request }) => {
    const response = await request.get("/api/health/live");
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", uptimeSeconds: expect.any(Number) });
  });

  test("readiness is 200 with the database, the migrations and the queue ready", async ({ request }) => {
    const response = await request.get("/api/health/ready");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(await response.json()).toMatchObject({
      status: "ready",
      checks: { database: { ok: true }, migrations: { ok: true, pending: [] }, queue: { ok: true, state: "running" } },
    });
  });
});

test.describe("GET /api/metrics", () => {
  test("answers like an unknown path without the bearer, or with a wrong one", async () => {
    const unknown = await fetch(`${world().baseUrl}/api/no-such-route`);
    const expected = (await unknown.text()).replace("/api/no-such-route", "/api/metrics");
    for (const authorization of [undefined, "Bearer not-the-token-0123456789", `Basic ${E2E_METRICS_TOKEN}`]) {
      const response = await metrics(authorization);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe(unknown.headers.get("content-type"));
      expect(await response.text()).toBe(expected);
    }
  });

  test("serves Prometheus text with the queue depth per queue and the open streams", async () => {
    const response = await metrics(`Bearer ${E2E_METRICS_TOKEN}`);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    for (const queue of ["agent-turn", "flow-run", "webhook-delivery"])
      expect(text).toMatch(new RegExp(`^aas_queue_jobs\\{queue="${queue}",state="queued"\\} \\d+$`, "m"));
    expect(text).toContain("# TYPE aas_http_requests_total counter");
    expect(text).toContain("# TYPE aas_webhook_deliveries_total counter");

    // Streams held open by this test show in the gauge (other spec files may hold some too, so
    // the exact up-and-down is proven in src/app/api/metrics/route.test.ts).
    const opened = await fetch(`${world().baseUrl}/api/v1/agents/${acme().agents.echo.id}/sessions`, {
      method: "POST",
      headers: { ...bearer(acme().users.operator.apiKey), "content-type": "application/json" },
      body: JSON.stringify({ message: "metrics" }),
    });
    expect(opened.status).toBe(202);
    const { sessionId } = (await opened.json()) as { sessionId: string };
    const abort = new AbortController();
    try {
      for (let i = 0; i < 3; i++) {
        const stream = await fetch(`${world().baseUrl}/api/v1/agents/sessions/${sessionId}/stream`, {
          headers: bearer(acme().users.operator.apiKey),
          signal: abort.signal,
        });
        expect(stream.status).toBe(200);
      }
      await expect.poll(async () => valueOf(await scrape(), "aas_open_streams")).toBeGreaterThanOrEqual(3);
    } finally {
      abort.abort();
    }
  });
});
