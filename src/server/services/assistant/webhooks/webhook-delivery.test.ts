import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { person } from "../../../../../test/agents-kit";
import { consoleAs, refusalOf } from "../../../../../test/console-kit";
import { partnerPlatform, seedFollower } from "../../../../../test/partner-kit";
import { partnerApi } from "../../../../../test/provisioning-kit";
import { startEngine, stopEngine } from "../../../../../test/sessions-kit";
import { startWebhookReceiver } from "../../../../../test/webhook-receiver";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { WEBHOOK_QUEUE } from "@/server/jobs/queues";
import { renderMetrics } from "@/server/observability/metrics";
import { recordAssistantEvent } from "@/server/services/assistant/events/record-assistant-event";
import { sweepDueDeliveries } from "./attempt-delivery";

// Webhook delivery (spec 6.2) on the real queue and workers, to a real receiver that verifies
// every signature the way the integration guide tells platforms to.

let partner: Awaited<ReturnType<typeof partnerPlatform>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let secret = "whsec_first_secret_0001";

beforeAll(async () => {
  receiver = await startWebhookReceiver(() => secret);
  env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
  // Three attempts a few hundred milliseconds apart instead of Svix's hours.
  env.WEBHOOK_RETRY_SCHEDULE = "0,0.3,0.3";
  await startEngine();
  partner = await partnerPlatform();
});

afterAll(async () => {
  await stopEngine();
  await receiver.close();
});

beforeEach(() => receiver.reset());

/** A follower whose config points at the receiver. */
async function configured() {
  const customer = await seedFollower(partner.platform.id);
  const response = await partnerApi("PUT", `/organizations/${customer.organization.id}/assistant-config`, {
    key: partner.key,
    body: { webhook: { url: receiver.url, secret } },
  });
  expect(response.status).toBe(200);
  return customer;
}

async function record(
  organizationId: string,
  data: Record<string, unknown> = {
    usage_id: crypto.randomUUID(),
    at: new Date().toISOString(),
    cost_usd: 0.01,
    tokens: 12,
  },
) {
  const recorded = await db().$transaction((tx) =>
    recordAssistantEvent(tx, { organizationId, workerId: null, type: "usage.recorded", data }),
  );
  return db().webhookDelivery.findFirstOrThrow({ where: { eventId: recorded!.eventId }, include: { event: true } });
}

async function settled(deliveryId: string, status: "SUCCEEDED" | "FAILED", timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await db().webhookDelivery.findUniqueOrThrow({
      where: { id: deliveryId },
      include: { attempts: { orderBy: { number: "asc" } } },
    });
    if (row.status === status && row.attempts.every((attempt) => attempt.durationMs !== null)) return row;
    if (Date.now() > until) throw new Error(`delivery ${deliveryId} stayed ${row.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("webhook delivery", () => {
  it("POSTs the stored body bytes, signed over '<timestamp>.<raw body>' with the secret", async () => {
    const customer = await configured();
    const delivery = await record(customer.organization.id);
    const done = await settled(delivery.id, "SUCCEEDED");
    expect(receiver.hits).toHaveLength(1);
    const [hit] = receiver.hits;
    expect(hit!.verified).toBe(true);
    expect(hit!.body).toBe(delivery.event!.body);
    expect(JSON.parse(hit!.body)).toMatchObject({ id: delivery.eventId, type: "usage.recorded", worker_ref: null });
    expect(Math.abs(Number(hit!.timestamp) - Date.now() / 1000)).toBeLessThan(10);
    expect(done.attempts.map((attempt) => [attempt.number, attempt.statusCode, attempt.manual])).toEqual([
      [1, 200, false],
    ]);
    expect(done).toMatchObject({ attemptCount: 1, lastStatusCode: 200, nextAttemptAt: null });
  });

  it("observes each attempt's run time and queueing latency on the webhook queue", async () => {
    const count = async (series: string) =>
      Number(
        new RegExp(`^${series.replace(/[{}]/g, "\\$&")} (\\S+)$`, "m").exec((await renderMetrics()).body)?.[1] ?? 0,
      );
    const waited = `aas_job_wait_seconds_count{queue="${WEBHOOK_QUEUE}"}`;
    const ran = `aas_job_duration_seconds_count{queue="${WEBHOOK_QUEUE}",outcome="completed"}`;
    const before = { waited: await count(waited), ran: await count(ran) };
    const customer = await configured();
    await settled((await record(customer.organization.id)).id, "SUCCEEDED");
    await expect.poll(() => count(ran)).toBeGreaterThan(before.ran);
    expect(await count(waited)).toBeGreaterThan(before.waited);
  });

  it("retries a failed attempt with the same id and body bytes, signed with a fresh timestamp", async () => {
    const customer = await configured();
    receiver.answer({ status: 500 });
    const delivery = await record(customer.organization.id);
    const done = await settled(delivery.id, "SUCCEEDED");
    expect(receiver.hits.map((hit) => [hit.body, hit.verified])).toEqual([
      [delivery.event!.body, true],
      [delivery.event!.body, true],
    ]);
    expect(done.attempts.map((attempt) => attempt.statusCode)).toEqual([500, 200]);
    expect(done.attempts[0]!.error).toMatch(/500/);
  });

  it("waits at least as long as the receiver's Retry-After asks", async () => {
    const customer = await configured();
    receiver.answer({ status: 503, headers: { "retry-after": "2" } });
    const delivery = await record(customer.organization.id);
    await settled(delivery.id, "SUCCEEDED");
    expect(receiver.hits).toHaveLength(2);
    expect(receiver.hits[1]!.at - receiver.hits[0]!.at).toBeGreaterThanOrEqual(1900);
  });

  it("marks the delivery FAILED after the last attempt of the schedule, then never tries again", async () => {
    const customer = await configured();
    receiver.answer({ status: 500 }, { status: 502 }, { status: 500 }, { status: 500 });
    const delivery = await record(customer.organization.id);
    const failed = await settled(delivery.id, "FAILED");
    expect(failed.attempts.map((attempt) => attempt.statusCode)).toEqual([500, 502, 500]);
    expect(failed).toMatchObject({ attemptCount: 3, nextAttemptAt: null, lastStatusCode: 500 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.hits).toHaveLength(3);
  });

  it("signs with the config's current secret at attempt time", async () => {
    const customer = await configured();
    receiver.answer({ status: 500 });
    const delivery = await record(customer.organization.id);
    await new Promise((resolve) => setTimeout(resolve, 50));
    secret = "whsec_rotated_secret_0002";
    await partnerApi("PUT", `/organizations/${customer.organization.id}/assistant-config`, {
      key: partner.key,
      body: { webhook: { url: receiver.url, secret } },
    });
    await settled(delivery.id, "SUCCEEDED");
    // The retry verifies under the new secret only.
    expect(receiver.hits.at(-1)!.verified).toBe(true);
  });

  it("refuses a private URL at attempt time (the SSRF guard runs on every attempt)", async () => {
    const customer = await configured();
    await db().assistantConfig.update({
      where: { organizationId: customer.organization.id },
      data: { webhookUrl: "http://10.0.0.7/hooks" },
    });
    const delivery = await record(customer.organization.id);
    const failed = await settled(delivery.id, "FAILED");
    expect(failed.url).toBe("http://10.0.0.7/hooks");
    expect(failed.attempts[0]!.error).toMatch(/private address/);
    expect(receiver.hits).toHaveLength(0);
  });

  it("loses nothing when a process dies mid-delivery: the sweep wakes a due delivery that has no job", async () => {
    const customer = await configured();
    const delivery = await record(customer.organization.id);
    await settled(delivery.id, "SUCCEEDED");
    receiver.reset();
    // As a killed process leaves it: PENDING, its attempt lease expired, no job queued.
    await db().webhookDelivery.update({
      where: { id: delivery.id },
      data: { status: "PENDING", nextAttemptAt: new Date(Date.now() - 120_000), succeededAt: null },
    });
    expect(await sweepDueDeliveries()).toBeGreaterThanOrEqual(1);
    const redone = await settled(delivery.id, "SUCCEEDED");
    expect(receiver.hits.map((hit) => hit.body)).toEqual([delivery.event!.body]);
    expect(redone.attempts).toHaveLength(2);
  });
});

describe("a removed webhook", () => {
  it("abandons the pending deliveries as FAILED at their next attempt, without sending them", async () => {
    const customer = await configured();
    receiver.answer({ status: 500 });
    const delivery = await record(customer.organization.id);
    await partnerApi("PUT", `/organizations/${customer.organization.id}/assistant-config`, {
      key: partner.key,
      body: { webhook: null },
    });
    const failed = await settled(delivery.id, "FAILED");
    expect(failed.attempts.at(-1)!.error).toMatch(/No webhook is configured/);
    expect(receiver.hits.length).toBeLessThanOrEqual(1);
    // And nothing more is recorded while none is configured.
    expect(
      await db().$transaction((tx) =>
        recordAssistantEvent(tx, {
          organizationId: customer.organization.id,
          workerId: null,
          type: "usage.recorded",
          data: {},
        }),
      ),
    ).toBeNull();
  });
});

describe("a secret sealed with a vault key no longer configured", () => {
  it("fails the delivery at once with a reason a person can act on, without sending it", async () => {
    const customer = await configured();
    // What a rotated-out key leaves behind: an envelope whose key id the keyring does not have.
    const { webhookSecret } = await db().assistantConfig.findUniqueOrThrow({
      where: { organizationId: customer.organization.id },
    });
    const [version, , ...sealed] = webhookSecret!.split(".");
    await db().assistantConfig.update({
      where: { organizationId: customer.organization.id },
      data: { webhookSecret: [version, "retired-key", ...sealed].join(".") },
    });
    const delivery = await record(customer.organization.id);
    const failed = await settled(delivery.id, "FAILED");
    expect(failed.attempts).toHaveLength(1);
    expect(failed.lastError).toMatch(/webhook secret cannot be opened.*retired-key/);
    expect(receiver.hits).toHaveLength(0);
  });
});

describe("console deliveries", () => {
  it("lists the organization's deliveries newest first with attempts, and redelivers one by hand", async () => {
    const customer = await configured();
    receiver.answer({ status: 500 }, { status: 500 }, { status: 500 });
    const failed = await record(customer.organization.id);
    await settled(failed.id, "FAILED");
    const ok = await record(customer.organization.id);
    await settled(ok.id, "SUCCEEDED");

    const owner = await person(customer.organization.id, "OWNER", [[customer.domain.id, "OWNER"]]);
    const console_ = await consoleAs(owner);
    const listed = await console_.assistantConfig.listWebhookDeliveries({});
    expect(listed.items.map((item) => [item.id, item.status, item.attemptCount])).toEqual([
      [ok.id, "SUCCEEDED", 1],
      [failed.id, "FAILED", 3],
    ]);
    expect(listed.items[1]!).toMatchObject({ eventType: "usage.recorded", lastStatusCode: 500 });

    receiver.reset();
    const redelivered = await console_.assistantConfig.redeliverWebhook({ deliveryId: failed.id });
    expect(redelivered.attempt).toMatchObject({ number: 4, statusCode: 200, succeeded: true });
    expect(redelivered.delivery).toMatchObject({ status: "SUCCEEDED", attemptCount: 4 });
    expect(redelivered.delivery.attempts.map((attempt) => attempt.manual)).toEqual([false, false, false, true]);
    expect(receiver.hits.map((hit) => [hit.body, hit.verified])).toEqual([[failed.event!.body, true]]);
  });

  it("a failed Redeliver leaves a pending delivery's schedule as it was", async () => {
    const customer = await configured();
    // The first attempt asks for a minute's pause: the delivery waits, PENDING.
    receiver.answer({ status: 503, headers: { "retry-after": "60" } }, { status: 500 });
    const delivery = await record(customer.organization.id);
    const until = Date.now() + 10_000;
    let waiting = await db().webhookDelivery.findUniqueOrThrow({
      where: { id: delivery.id },
      include: { attempts: true },
    });
    while (!(waiting.attempts.length === 1 && waiting.attempts[0]!.durationMs !== null) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      waiting = await db().webhookDelivery.findUniqueOrThrow({
        where: { id: delivery.id },
        include: { attempts: true },
      });
    }
    expect(waiting.status).toBe("PENDING");
    expect(waiting.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(50_000);

    const owner = await person(customer.organization.id, "ADMIN", [[customer.domain.id, "OWNER"]]);
    const redelivered = await (await consoleAs(owner)).assistantConfig.redeliverWebhook({ deliveryId: delivery.id });
    expect(redelivered.attempt).toMatchObject({ number: 2, statusCode: 500, succeeded: false });
    expect(redelivered.delivery).toMatchObject({
      status: "PENDING",
      nextAttemptAt: waiting.nextAttemptAt!.toISOString(),
      lastStatusCode: 500,
    });
  });

  it("is for Owners and Admins of the delivery's own organization only", async () => {
    const customer = await configured();
    const delivery = await record(customer.organization.id);
    await settled(delivery.id, "SUCCEEDED");
    const member = await person(customer.organization.id, "MEMBER", [[customer.domain.id, "OWNER"]]);
    expect(await refusalOf((await consoleAs(member)).assistantConfig.listWebhookDeliveries({}))).toBe("FORBIDDEN 403");
    const elsewhere = await seedFollower(partner.platform.id);
    const stranger = await person(elsewhere.organization.id, "ADMIN", [[elsewhere.domain.id, "OWNER"]]);
    expect((await (await consoleAs(stranger)).assistantConfig.listWebhookDeliveries({})).items).toEqual([]);
    expect(
      await refusalOf((await consoleAs(stranger)).assistantConfig.redeliverWebhook({ deliveryId: delivery.id })),
    ).toBe("NOT_FOUND 404");
  });
});
