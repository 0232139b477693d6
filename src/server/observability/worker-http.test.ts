import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "@/server/env";
import { observeJob } from "./metrics";
import { startWorkerHttp, type TWorkerHttp } from "./worker-http";

// The worker's operations endpoint over real HTTP on loopback: bearer METRICS_TOKEN or the
// uniform 404, the registry's job histograms, and the two probes.

const TOKEN = "worker-metrics-token-0123456789";
let http: TWorkerHttp;
let ready = true;
let base = "";

beforeAll(async () => {
  http = await startWorkerHttp({
    port: 0,
    host: "127.0.0.1",
    readiness: async () => ({ ready, body: { status: ready ? "ready" : "not_ready" } }),
  });
  base = `http://127.0.0.1:${http.port}`;
});

afterAll(async () => {
  env.METRICS_TOKEN = undefined;
  await http.close();
});

const scrape = (authorization?: string, path = "/metrics") =>
  fetch(`${base}${path}`, { headers: authorization ? { authorization } : {} });

async function expectUnknown(response: Response, path: string, method = "GET") {
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({
    error: { code: "NOT_FOUND", message: `No route matches ${method} ${path}.` },
  });
}

describe("worker operations endpoint", () => {
  it("answers a scrape without METRICS_TOKEN configured like an unknown path, whatever the bearer", async () => {
    env.METRICS_TOKEN = undefined;
    await expectUnknown(await scrape(), "/metrics");
    await expectUnknown(await scrape(`Bearer ${TOKEN}`), "/metrics");
  });

  it("refuses a missing, wrong or malformed bearer and accepts the token", async () => {
    env.METRICS_TOKEN = TOKEN;
    await expectUnknown(await scrape(), "/metrics");
    await expectUnknown(await scrape(`Bearer ${TOKEN}x`), "/metrics");
    await expectUnknown(await scrape(`Basic ${TOKEN}`), "/metrics");
    await expectUnknown(
      await fetch(`${base}/metrics`, { method: "POST", headers: { authorization: `Bearer ${TOKEN}` } }),
      "/metrics",
      "POST",
    );
    const accepted = await scrape(`Bearer ${TOKEN}`);
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get("content-type")).toContain("text/plain");
    expect(accepted.headers.get("cache-control")).toBe("no-store");
    expect(await accepted.text()).toContain("# TYPE aas_job_duration_seconds histogram");
  });

  it("serves the job timings this process recorded", async () => {
    env.METRICS_TOKEN = TOKEN;
    const countOf = (text: string) =>
      Number(
        /^aas_job_duration_seconds_count\{queue="worker-http-test",outcome="completed"\} (\d+)$/m.exec(text)?.[1] ?? 0,
      );
    const before = countOf(await (await scrape(`Bearer ${TOKEN}`)).text());
    observeJob("worker-http-test", { startedAt: Date.now() - 120, dueOn: new Date(Date.now() - 500), ok: true });
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(countOf(text)).toBe(before + 1);
    expect(text).toMatch(/^aas_job_wait_seconds_count\{queue="worker-http-test"\} [1-9]\d*$/m);
  });

  it("answers liveness always and readiness by its check, 503 when not ready", async () => {
    const live = await scrape(undefined, "/health/live");
    expect(live.status).toBe(200);
    expect(((await live.json()) as { status: string }).status).toBe("ok");
    ready = true;
    expect((await scrape(undefined, "/health/ready")).status).toBe(200);
    ready = false;
    const notReady = await scrape(undefined, "/health/ready");
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ status: "not_ready" });
    await expectUnknown(await scrape(undefined, "/elsewhere"), "/elsewhere");
  });
});
