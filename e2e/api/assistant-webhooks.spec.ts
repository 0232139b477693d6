import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectError, expectStatus } from "../support/api";
import { receivedRequests, scriptReceiver } from "../support/receiver";
import { bearer, world } from "../support/world";

// Spec 4.8 assistant-config and events, and 6.2 signed delivery, against the running app.
// The fixture follower's webhook points at the run's receiver (httpTarget, allowed by
// HTTP_TOOL_ALLOWED_HOSTS) and stays configured, so other specs' events are recorded too.

const BASE = "/api/partner/v1";
const SECRET = "whsec_e2e_assistant_webhooks_0001";
const partner = () => world().partner;
const configPath = () => `${BASE}/organizations/${partner().follower.orgId}/assistant-config`;
const eventsPath = () => `${BASE}/organizations/${partner().follower.orgId}/events`;
const hookUrl = () => `${world().httpTarget}/assistant-webhooks`;

test.describe("assistant config and event log", () => {
  test("sets the agent and webhook, reads only a hint of the secret, and keeps omitted keys", async ({ request }) => {
    const { key, follower } = partner();
    const idempotencyKey = `e2e-cfg-${crypto.randomUUID()}`;
    const body = { assistant_automation_id: follower.assistantAgentId, webhook: { url: hookUrl(), secret: SECRET } };
    const set = await request.put(configPath(), {
      headers: { ...bearer(key), "Idempotency-Key": idempotencyKey },
      data: body,
    });
    expect(await expectStatus(set, 200)).toEqual({
      assistant_automation_id: follower.assistantAgentId,
      webhook: { url: hookUrl(), secret_hint: "…0001" },
    });
    const replay = await request.put(configPath(), {
      headers: { ...bearer(key), "Idempotency-Key": idempotencyKey },
      data: body,
    });
    expect(replay.headers()["idempotency-replayed"]).toBe("true");

    expect(await expectStatus(await request.put(configPath(), { headers: bearer(key), data: {} }), 200)).toEqual(
      await set.json(),
    );
    const read = await request.get(configPath(), { headers: bearer(key) });
    const text = await read.text();
    expect(text).not.toContain(SECRET);
    expect(JSON.parse(text)).toEqual(await set.json());
  });

  test("refuses a private webhook URL, an unpublished agent, bad fields and other platforms", async ({ request }) => {
    const { key, otherPlatformKey } = partner();
    await expectError(
      await request.put(configPath(), {
        headers: bearer(key),
        data: { webhook: { url: "http://169.254.169.254/latest", secret: SECRET } },
      }),
      400,
      "VALIDATION",
    );
    await expectError(
      await request.put(configPath(), {
        headers: bearer(key),
        data: { webhook: { url: "http://10.0.0.8/h", secret: SECRET } },
      }),
      400,
      "VALIDATION",
    );
    await expectError(
      await request.put(configPath(), { headers: bearer(key), data: { assistant_automation_id: crypto.randomUUID() } }),
      409,
      "CONFLICT",
    );
    await expectError(
      await request.put(configPath(), { headers: bearer(key), data: { webhookUrl: hookUrl() } }),
      400,
      "VALIDATION",
    );
    await expectError(await request.get(configPath(), { headers: bearer(otherPlatformKey) }), 404, "NOT_FOUND");
    await expectError(await request.get(configPath()), 401, "UNAUTHORIZED");
    // Nothing of it changed the config.
    expect(
      ((await (await request.get(configPath(), { headers: bearer(key) })).json()) as { webhook: { url: string } })
        .webhook.url,
    ).toBe(hookUrl());
  });

  test("pages the event log and validates its cursor and limit", async ({ request }) => {
    const { key } = partner();
    const page = (await expectStatus(
      await request.get(`${eventsPath()}?limit=500`, { headers: bearer(key) }),
      200,
    )) as { items: Array<{ id: string }>; next_cursor: string | null };
    expect(Array.isArray(page.items)).toBe(true);
    expect(page.next_cursor === null || typeof page.next_cursor === "string").toBe(true);
    await expectError(
      await request.get(`${eventsPath()}?since=${crypto.randomUUID()}`, { headers: bearer(key) }),
      400,
      "VALIDATION",
    );
    await expectError(await request.get(`${eventsPath()}?limit=501`, { headers: bearer(key) }), 400, "VALIDATION");
    await expectError(
      await request.get(eventsPath(), { headers: bearer(partner().otherPlatformKey) }),
      404,
      "NOT_FOUND",
    );
  });

  test("delivers a worker's message.created signed, retries a 500 with the same id and bytes, and logs it", async ({
    request,
  }) => {
    test.setTimeout(90_000);
    const { key, follower } = partner();
    await expectStatus(
      await request.put(configPath(), {
        headers: bearer(key),
        data: { assistant_automation_id: follower.assistantAgentId, webhook: { url: hookUrl(), secret: SECRET } },
      }),
      200,
    );
    const created = await request.post(`${BASE}/organizations/${follower.orgId}/workers`, {
      headers: bearer(key),
      data: { external_ref: `e2e-hooks-${crypto.randomUUID()}`, email: "hooks-user@example.com" },
    });
    // The worker routes belong to the workers part of issue 12; without them there is nothing to deliver.
    test.skip(created.status() !== 201, "assistant worker routes are not in this build");
    const { worker_ref: workerRef } = (await created.json()) as { worker_ref: string };
    await scriptReceiver(workerRef, 500, { error: "first attempt refused" });
    const posted = await request.post(`${BASE}/organizations/${follower.orgId}/workers/${workerRef}/messages`, {
      headers: bearer(key),
      data: { body: "hello from the webhooks e2e" },
    });
    expect([200, 201], await posted.text()).toContain(posted.status());

    const messageCreated = async () =>
      (await receivedRequests(workerRef)).filter(
        (hit) =>
          hit.path === "/assistant-webhooks" && (JSON.parse(hit.body) as { type: string }).type === "message.created",
      );
    await expect.poll(async () => (await messageCreated()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await scriptReceiver(workerRef, 200, { ok: true });
    // The default schedule retries 5 s (±20%) after the first failure.
    await expect.poll(async () => (await messageCreated()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    const [first, second] = await messageCreated();
    expect(second!.body).toBe(first!.body);
    for (const hit of [first!, second!]) {
      const timestamp = hit.headers["x-service-timestamp"]!;
      expect(hit.headers["x-service-signature"]).toBe(
        `sha256=${createHmac("sha256", SECRET).update(`${timestamp}.${hit.body}`).digest("hex")}`,
      );
    }
    const event = JSON.parse(first!.body) as { id: string; worker_ref: string };
    expect(event.worker_ref).toBe(workerRef);
    const logged = (await (
      await request.get(`${eventsPath()}?worker_ref=${workerRef}`, { headers: bearer(key) })
    ).json()) as { items: Array<{ id: string }> };
    expect(logged.items.map((item) => item.id)).toContain(event.id);
  });
});
