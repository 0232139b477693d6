import { expect, test } from "@playwright/test";
import { acme, expectError, expectStatus } from "../support/api";
import { deliverEvent, ingressPath, signedHeaders } from "../support/ingress";
import { receivedRequests, uniqueMarker, type TReceivedRequest } from "../support/receiver";
import { cookieHeader } from "../support/world";

// Event triggers (spec 4.5) against the running app: the fixture event trigger (service.http
// webhook.received, signed with its endpoint secret) fans out to flows.echo, which POSTs its
// input to the run's real HTTP receiver, and to callerRequired, which an event cannot start.

const event = () => acme().triggers.event;

async function arrived(marker: string): Promise<TReceivedRequest[]> {
  let seen: TReceivedRequest[] = [];
  await expect
    .poll(async () => (seen = await receivedRequests(marker)).length, { timeout: 30_000, intervals: [200, 300, 500] })
    .toBeGreaterThanOrEqual(1);
  return seen;
}

test.describe("POST /api/v1/triggers/ingress/{token}", () => {
  test("a signed call fires the trigger; the flow receives the event as its input", async ({ request }) => {
    const marker = uniqueMarker("evt");
    const body = {
      actor: { id: "u-1", email: "grace@example.com" },
      occurredAt: "2026-11-22T09:30:00Z",
      payload: { order: { id: 7, note: marker } },
    };
    const accepted = (await expectStatus(
      await deliverEvent(request, event().ingressUrl, body, { secret: event().endpointSecret }),
      202,
    )) as { matched: boolean; firingId: string };
    expect(accepted).toEqual({ matched: true, firingId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const [flowCall] = await arrived(marker);
    expect(flowCall!.path).toBe("/flow");
    expect(JSON.parse(flowCall!.body)).toEqual({
      eventType: "webhook.received",
      occurredAt: "2026-11-22T09:30:00.000Z",
      actor: body.actor,
      payload: body.payload,
    });
    // callerRequired would call /caller: an event has no caller, so it never starts.
    expect((await receivedRequests(marker)).map((entry) => entry.path)).toEqual(["/flow"]);
  });

  test("an unsigned call, a wrong signature or a stale timestamp is 401 and fires nothing", async ({ request }) => {
    const refused = uniqueMarker("unsigned");
    const unsigned = await expectError(
      await deliverEvent(request, event().ingressUrl, { payload: { note: refused } }),
      401,
      "UNAUTHORIZED",
    );
    expect(unsigned.message).toContain("X-Service-Signature");
    await expectError(
      await deliverEvent(
        request,
        event().ingressUrl,
        { payload: { note: refused } },
        { secret: "not-the-endpoint-secret" },
      ),
      401,
      "UNAUTHORIZED",
    );
    const stale = await expectError(
      await deliverEvent(
        request,
        event().ingressUrl,
        { payload: { note: refused } },
        { secret: event().endpointSecret, timestamp: Math.floor(Date.now() / 1000) - 600 },
      ),
      401,
      "UNAUTHORIZED",
    );
    expect(stale.message).toContain("300 seconds");
    const raw = JSON.stringify({ payload: { note: refused, amount: 1 } });
    const tampered = await request.post(ingressPath(event().ingressUrl), {
      headers: { "Content-Type": "application/json", ...signedHeaders(event().endpointSecret, raw) },
      data: JSON.stringify({ payload: { note: refused, amount: 1000 } }),
    });
    await expectError(tampered, 401, "UNAUTHORIZED");

    // A signed call sent after them arrives; none of the refused ones ever did.
    const accepted = uniqueMarker("after");
    await expectStatus(
      await deliverEvent(
        request,
        event().ingressUrl,
        { payload: { note: accepted } },
        { secret: event().endpointSecret },
      ),
      202,
    );
    await arrived(accepted);
    expect(await receivedRequests(refused)).toEqual([]);
  });

  test("a redelivery of the same signed request answers the first outcome and fires once", async ({ request }) => {
    const marker = uniqueMarker("redeliver");
    const raw = JSON.stringify({ payload: { note: marker } });
    const headers = { "Content-Type": "application/json", ...signedHeaders(event().endpointSecret, raw) };
    const first = await request.post(ingressPath(event().ingressUrl), { headers, data: raw });
    const second = await request.post(ingressPath(event().ingressUrl), { headers, data: raw });
    expect(await expectStatus(second, 202)).toEqual(await expectStatus(first, 202));
    expect(second.headers()["idempotency-replayed"]).toBe("true");
    await arrived(marker);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await receivedRequests(marker)).toHaveLength(1);
  });

  test("refuses unknown tokens, bad bodies and other methods with the envelope", async ({ request }) => {
    await expectError(
      await request.post(`/api/v1/triggers/ingress/${"A".repeat(43)}`, { data: { payload: {} } }),
      404,
      "NOT_FOUND",
    );
    const invalid = await expectError(
      await deliverEvent(request, event().ingressUrl, { body: {} }, { secret: event().endpointSecret }),
      400,
      "VALIDATION",
    );
    expect(invalid.message).toContain("payload");
    await expectError(await request.get(ingressPath(event().ingressUrl)), 405, "METHOD_NOT_ALLOWED");
    const tooLarge = await request.post(ingressPath(event().ingressUrl), {
      headers: { "Content-Type": "application/json" },
      data: JSON.stringify({ payload: { blob: "x".repeat(1_100_000) } }),
    });
    await expectError(tooLarge, 413, "PAYLOAD_TOO_LARGE");
  });

  test("an event trigger created with a filter fires only for matching events", async ({ request }) => {
    const owner = acme().users.owner;
    const created = await request.post("/api/v1/triggers", {
      headers: cookieHeader(owner),
      data: {
        type: "event",
        domainId: acme().domains.ops.id,
        name: `Paid orders ${uniqueMarker()}`,
        sourceIntegrationId: "service.http",
        connectionId: acme().connections.http.id,
        eventType: "webhook.received",
        eventFilter: { field: "payload.status", operator: "equals", value: "paid" },
      },
    });
    const { trigger } = (await expectStatus(created, 201)) as {
      trigger: { ingressUrl: string; hasEndpointSecret: boolean };
    };
    expect(trigger.hasEndpointSecret).toBe(false);
    // Without an endpoint secret the ingress URL alone authorizes calls; nothing is subscribed
    // yet, so a matching event records a firing with no sessions.
    expect(
      await expectStatus(await deliverEvent(request, trigger.ingressUrl, { payload: { status: "paid" } }), 202),
    ).toMatchObject({ matched: true });
    expect(
      await expectStatus(await deliverEvent(request, trigger.ingressUrl, { payload: { status: "open" } }), 202),
    ).toEqual({ matched: false, firingId: null });
    expect(await expectStatus(await deliverEvent(request, trigger.ingressUrl, { payload: {} }), 202)).toEqual({
      matched: false,
      firingId: null,
    });
  });

  test("is in the v1 OpenAPI document", async ({ request }) => {
    const document = (await expectStatus(await request.get("/api/v1/openapi.json"), 200)) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths["/triggers/ingress/{token}"]!)).toEqual(["post"]);
  });
});
