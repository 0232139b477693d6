import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectError, expectStatus } from "../support/api";
import { receivedRequests, scriptReceiver, uniqueMarker } from "../support/receiver";
import { bearer, world } from "../support/world";

// Customer completion webhooks (docs/webhook-endpoints.md) against the running app: register an
// endpoint at the run's receiver (httpTarget, allowed by HTTP_TOOL_ALLOWED_HOSTS), open a session,
// and read the signed turn.completed it is sent, retried after a 500 with the same bytes.

const acme = () => world().orgs.acme;
const ownerKey = () => acme().users.owner.apiKey;

type TEndpointAnswer = { endpoint: { id: string; secretHint: string }; secret: string | null };

test.describe("webhook endpoints", () => {
  test("shows the secret once, validates input and hides other organizations' endpoints", async ({ request }) => {
    const url = `${world().httpTarget}/customer-hooks/${uniqueMarker("v")}`;
    const created = (await expectStatus(
      await request.post("/api/v1/webhook-endpoints", {
        headers: bearer(ownerKey()),
        data: { url, eventTypes: ["run.failed"], enabled: false },
      }),
      201,
    )) as TEndpointAnswer;
    expect(created.secret).toMatch(/^whsec_/);
    const path = `/api/v1/webhook-endpoints/${created.endpoint.id}`;
    const read = await request.get(path, { headers: bearer(ownerKey()) });
    expect(await read.text()).not.toContain(created.secret!);
    await expectError(
      await request.post("/api/v1/webhook-endpoints", {
        headers: bearer(ownerKey()),
        data: { url, eventTypes: ["turn.exploded"] },
      }),
      400,
      "VALIDATION",
    );
    await expectError(
      await request.get(path, { headers: bearer(world().orgs.globex.users.owner.apiKey) }),
      404,
      "NOT_FOUND",
    );
    expect((await request.delete(path, { headers: bearer(ownerKey()) })).status()).toBe(204);
  });

  test("delivers a signed turn.completed, retries a 500 with the same bytes, and lists both attempts", async ({
    request,
  }) => {
    test.setTimeout(90_000);
    const marker = uniqueMarker("hooks");
    const created = (await expectStatus(
      await request.post("/api/v1/webhook-endpoints", {
        headers: bearer(ownerKey()),
        data: { url: `${world().httpTarget}/customer-hooks/${marker}`, eventTypes: ["turn.completed"] },
      }),
      201,
    )) as TEndpointAnswer;
    const endpointPath = `/api/v1/webhook-endpoints/${created.endpoint.id}`;
    try {
      await scriptReceiver(marker, 500, { error: "first attempt refused" });
      const opened = (await expectStatus(
        await request.post(`/api/v1/agents/${acme().agents.echo.id}/sessions`, {
          headers: bearer(ownerKey()),
          data: { message: "hello from the webhook endpoints e2e" },
        }),
        202,
      )) as { sessionId: string; executionId: string };

      // Other specs' turns in this organization reach the endpoint too: this session's event only.
      const ours = async () => (await receivedRequests(marker)).filter((hit) => hit.body.includes(opened.sessionId));
      await expect.poll(async () => (await ours()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
      await scriptReceiver(marker, 200, { ok: true });
      // The default schedule retries 5 s (±20%) after the first failure.
      await expect.poll(async () => (await ours()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      const [first, second] = await ours();
      expect(second!.body).toBe(first!.body);
      for (const hit of [first!, second!]) {
        const timestamp = hit.headers["x-service-timestamp"]!;
        expect(hit.headers["x-service-signature"]).toBe(
          `sha256=${createHmac("sha256", created.secret!).update(`${timestamp}.${hit.body}`).digest("hex")}`,
        );
      }
      const event = JSON.parse(first!.body) as { id: string; type: string; data: Record<string, unknown> };
      expect(event.type).toBe("turn.completed");
      expect(event.data).toMatchObject({ sessionId: opened.sessionId, executionId: opened.executionId });

      type TDeliveries = {
        items: Array<{ id: string; eventId: string; attempts: Array<{ statusCode: number | null }> }>;
      };
      const ourDelivery = async () => {
        const response = await request.get(`${endpointPath}/deliveries?limit=100`, { headers: bearer(ownerKey()) });
        return ((await expectStatus(response, 200)) as TDeliveries).items.find((item) => item.eventId === event.id);
      };
      // The attempt's row is settled just after the receiver answered.
      await expect
        .poll(async () => (await ourDelivery())?.attempts.slice(0, 2).map((attempt) => attempt.statusCode), {
          timeout: 15_000,
        })
        .toEqual([500, 200]);
      const delivery = (await ourDelivery())!;
      const redelivered = (await expectStatus(
        await request.post(`${endpointPath}/deliveries/${delivery.id}/redeliver`, { headers: bearer(ownerKey()) }),
        200,
      )) as { succeeded: boolean };
      expect(redelivered.succeeded).toBe(true);

      // The event log has the same event, byte for byte; a keyed resend sends it once more.
      const logged = await expectStatus(
        await request.get(`/api/v1/webhook-events/${event.id}`, { headers: bearer(ownerKey()) }),
        200,
      );
      expect(logged).toEqual(JSON.parse(first!.body));
      const resend = () =>
        request.post(`/api/v1/webhook-events/${event.id}/resend`, {
          headers: { ...bearer(ownerKey()), "Idempotency-Key": `resend-${marker}` },
          data: { endpointId: created.endpoint.id },
        });
      const before = (await ours()).length;
      expect(((await expectStatus(await resend(), 200)) as { succeeded: boolean }).succeeded).toBe(true);
      const replayed = await resend();
      expect(replayed.headers()["idempotency-replayed"]).toBe("true");
      await expect.poll(async () => (await ours()).length).toBe(before + 1);
      expect((await ours()).at(-1)!.body).toBe(first!.body);
    } finally {
      await request.delete(endpointPath, { headers: bearer(ownerKey()) });
    }
  });
});
