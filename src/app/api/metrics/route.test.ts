import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld } from "../../../../test/agents-kit";
import { publishAgent, startEngine, startReceiver, stopEngine, waitForTurn } from "../../../../test/sessions-kit";
import { env } from "@/server/env";
import { TURN_QUEUE } from "@/server/jobs/queues";
import { observeHttpRequest } from "@/server/observability/metrics";
import { deliverOnce } from "@/server/webhooks/deliver";
import { GET as streamGET } from "@/server/http/session-stream-route";
import { GET as unknownGET } from "@/app/api/[...path]/route";
import { GET, POST } from "./route";

// GET /api/metrics as Next serves it: bearer METRICS_TOKEN or the uniform 404, and the series
// moving with real work (an engine turn, a stream, webhook attempts, a queued job).

const TOKEN = "metrics-token-for-tests-0123456789";
let world: TAgentsWorld;
let echoId: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let boss: Awaited<ReturnType<typeof startEngine>>;

beforeAll(async () => {
  receiver = await startReceiver();
  world = await agentsWorld();
  boss = await startEngine();
  echoId = await publishAgent(world.people.owner.actor, world.acme.ops, { model: "builtin:echo" });
});

afterAll(async () => {
  env.METRICS_TOKEN = undefined;
  await stopEngine();
  await receiver.close();
});

const scrape = (authorization?: string) =>
  GET(new Request("http://127.0.0.1/api/metrics", { headers: authorization ? { authorization } : {} }));

async function scrapeText(): Promise<string> {
  env.METRICS_TOKEN = TOKEN;
  const response = await scrape(`Bearer ${TOKEN}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The value of one series (name plus exact label set in exposition order), 0 when absent. */
function valueOf(text: string, series: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

async function sameAs404(response: Response, method = "GET") {
  const unknown = await unknownGET(new Request("http://127.0.0.1/api/metrics", { method }));
  expect(response.status).toBe(404);
  expect(response.headers.get("content-type")).toBe(unknown.headers.get("content-type"));
  expect(await response.text()).toBe(await unknown.text());
}

describe("GET /api/metrics access", () => {
  it("answers exactly like an unknown path while METRICS_TOKEN is unset, even to a bearer", async () => {
    env.METRICS_TOKEN = undefined;
    await sameAs404(await scrape());
    await sameAs404(await scrape(`Bearer ${TOKEN}`));
  });

  it("answers the same 404 to a missing, wrong, prefix or non-bearer credential when a token is set", async () => {
    env.METRICS_TOKEN = TOKEN;
    for (const authorization of [
      undefined,
      "Bearer wrong-token-0123456789",
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      await sameAs404(await scrape(authorization));
    }
    await sameAs404(
      await POST(
        new Request("http://127.0.0.1/api/metrics", { method: "POST", headers: { authorization: `Bearer ${TOKEN}` } }),
      ),
      "POST",
    );
  });

  it("serves the Prometheus text format to the bearer of METRICS_TOKEN", async () => {
    env.METRICS_TOKEN = TOKEN;
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    for (const name of [
      "aas_http_requests_total",
      "aas_http_request_duration_seconds",
      "aas_queue_jobs",
      "aas_job_duration_seconds",
      "aas_job_wait_seconds",
      "aas_open_streams",
      "aas_webhook_deliveries_total",
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(text).toContain("aas_process_resident_memory_bytes");
  });
});

describe("GET /api/metrics series", () => {
  it("counts requests and latencies per route template, method and status", async () => {
    const series = 'aas_http_requests_total{route="/api/v1/agents/{automationId}/sessions",method="POST",status="202"}';
    const before = valueOf(await scrapeText(), series);
    observeHttpRequest({
      route: "/api/v1/agents/{automationId}/sessions",
      method: "post",
      status: 202,
      seconds: 0.042,
    });
    observeHttpRequest({ route: "/api/v1/agents/{automationId}/sessions", method: "POST", status: 202, seconds: 0.2 });
    const text = await scrapeText();
    expect(valueOf(text, series)).toBe(before + 2);
    expect(
      valueOf(
        text,
        'aas_http_request_duration_seconds_bucket{le="0.05",route="/api/v1/agents/{automationId}/sessions",method="POST",status="202"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(
        text,
        'aas_http_request_duration_seconds_count{route="/api/v1/agents/{automationId}/sessions",method="POST",status="202"}',
      ),
    ).toBe(before + 2);
  });

  it("observes job latency per queue when the engine completes a turn", async () => {
    const series = `aas_job_duration_seconds_count{queue="${TURN_QUEUE}",outcome="completed"}`;
    const before = valueOf(await scrapeText(), series);
    const opened = await api("POST", `/agents/${echoId}/sessions`, {
      credential: world.people.operator.key,
      body: { message: "metrics" },
    });
    expect(opened.status).toBe(202);
    expect((await waitForTurn(opened.body.executionId)).status).toBe("COMPLETED");
    // The job's completion is observed just after the turn's row settles.
    await expect.poll(async () => valueOf(await scrapeText(), series)).toBeGreaterThan(before);
    expect(valueOf(await scrapeText(), `aas_job_wait_seconds_count{queue="${TURN_QUEUE}"}`)).toBeGreaterThan(0);
  });

  it("reads queue depth at scrape time", async () => {
    const series = `aas_queue_jobs{queue="onboarding-depth-probe",state="queued"}`;
    await boss.createQueue("onboarding-depth-probe");
    expect(valueOf(await scrapeText(), series)).toBe(0);
    await boss.send("onboarding-depth-probe", { n: 1 });
    await boss.send("onboarding-depth-probe", { n: 2 });
    expect(valueOf(await scrapeText(), series)).toBe(2);
    expect(await scrapeText()).toContain(`aas_queue_jobs{queue="${TURN_QUEUE}",state="queued"}`);
  });

  it("counts open streams up while a stream is open and down when its reader leaves", async () => {
    const opened = await api("POST", `/agents/${echoId}/sessions`, {
      credential: world.people.operator.key,
      body: { message: "stream" },
    });
    await waitForTurn(opened.body.executionId);
    const before = valueOf(await scrapeText(), "aas_open_streams");
    const sessionId = opened.body.sessionId as string;
    const response = await streamGET(
      new Request(`http://127.0.0.1/api/v1/agents/sessions/${sessionId}/stream`, {
        headers: { authorization: `Bearer ${world.people.operator.key}` },
      }),
      {
        params: Promise.resolve({ sessionId }),
      },
    );
    expect(response.status).toBe(200);
    // A stream is open once it is being served: its body starts with the reader's first read.
    const reader = response.body!.getReader();
    await reader.read();
    expect(valueOf(await scrapeText(), "aas_open_streams")).toBe(before + 1);
    // The reader leaves, as a client that disconnects.
    await reader.cancel();
    await expect.poll(async () => valueOf(await scrapeText(), "aas_open_streams")).toBe(before);
  });

  it("counts webhook delivery outcomes: delivered, answered with an error, refused by the SSRF guard", async () => {
    const text = await scrapeText();
    const before = Object.fromEntries(
      ["delivered", "http_error", "refused"].map((outcome) => [
        outcome,
        valueOf(text, `aas_webhook_deliveries_total{outcome="${outcome}"}`),
      ]),
    );
    const delivered = await deliverOnce({
      url: `${receiver.base}/hook`,
      secret: "whsec-test",
      body: "{}",
      allowedHosts: [receiver.hostPort],
    });
    expect(delivered.ok).toBe(true);
    const refused = await deliverOnce({
      url: `${receiver.base}/hook`,
      secret: "whsec-test",
      body: "{}",
      allowedHosts: [],
    });
    expect(refused.error).toMatch(/loopback/);
    const after = await scrapeText();
    expect(valueOf(after, 'aas_webhook_deliveries_total{outcome="delivered"}')).toBe(before.delivered! + 1);
    expect(valueOf(after, 'aas_webhook_deliveries_total{outcome="refused"}')).toBe(before.refused! + 1);
    expect(valueOf(after, 'aas_webhook_deliveries_total{outcome="http_error"}')).toBe(before.http_error);
  });
});
