import { expect, test } from "@playwright/test";
import { acme, expectError, expectStatus, globex } from "../support/api";
import { bearer, cookieHeader } from "../support/world";

// Section 4.5, POST /api/v1/triggers: the signed-in tenant session creates domain triggers.
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const owner = () => acme().users.owner;
const ops = () => acme().domains.ops.id;
const eventBody = () => ({
  type: "event",
  domainId: ops(),
  name: "Order webhook",
  sourceIntegrationId: "service.http",
  connectionId: acme().connections.http.id,
  eventType: "webhook.received",
});

test.describe("POST /api/v1/triggers", () => {
  test("creates an api trigger: 201 { trigger }", async ({ request }) => {
    const response = await request.post("/api/v1/triggers", {
      headers: cookieHeader(owner()),
      data: { type: "api", domainId: ops(), name: "Order placed" },
    });
    const body = await expectStatus(response, 201);
    expect(body).toEqual({
      trigger: {
        id: expect.any(String),
        domainId: ops(),
        type: "api",
        name: "Order placed",
        active: true,
        createdAt: expect.stringMatching(ISO),
      },
    });
  });

  test("creates a schedule trigger with its zone, input and next firing", async ({ request }) => {
    const data = {
      type: "schedule",
      domainId: ops(),
      name: "Weekday report",
      cron: "0 9 * * 1-5",
      timezone: "America/New_York",
      input: { report: "daily" },
    };
    const { trigger } = await expectStatus(
      await request.post("/api/v1/triggers", { headers: cookieHeader(acme().users.editor), data }),
      201,
    );
    expect(trigger).toMatchObject({
      type: "schedule",
      cron: "0 9 * * 1-5",
      timezone: "America/New_York",
      input: { report: "daily" },
      active: true,
    });
    const local = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/New_York",
      hour: "2-digit",
      minute: "2-digit",
      hour12: false,
    }).format(new Date(trigger.nextFireAt));
    expect(local).toBe("09:00");
    expect(Date.parse(trigger.nextFireAt)).toBeGreaterThan(Date.now());
  });

  test("creates an event trigger with an ingress URL and never returns the endpoint secret", async ({
    request,
    baseURL,
  }) => {
    const secret = "whsec_e2e_0123456789abcdef";
    const eventFilter = { field: "payload.status", operator: "equals", value: "paid" };
    const response = await request.post("/api/v1/triggers", {
      headers: cookieHeader(owner()),
      data: { ...eventBody(), endpointSecret: secret, eventFilter },
    });
    expect(await response.text()).not.toContain(secret);
    const { trigger } = await expectStatus(response, 201);
    expect(trigger).toEqual({
      id: expect.any(String),
      domainId: ops(),
      type: "event",
      name: "Order webhook",
      active: true,
      createdAt: expect.stringMatching(ISO),
      sourceIntegrationId: "service.http",
      connectionId: acme().connections.http.id,
      eventType: "webhook.received",
      eventFilter,
      ingressUrl: expect.stringMatching(/\/api\/v1\/triggers\/ingress\/[A-Za-z0-9_-]{43}$/),
      hasEndpointSecret: true,
    });
    expect(new URL(trigger.ingressUrl).port).toBe(new URL(baseURL!).port);
  });

  test("401 without the cookie, with a yk_ key alone, or with a key beside the cookie", async ({ request }) => {
    const data = { type: "api", domainId: ops(), name: "X" };
    await expectError(await request.post("/api/v1/triggers", { data }), 401, "UNAUTHORIZED");
    await expectError(
      await request.post("/api/v1/triggers", { headers: bearer(owner().apiKey), data }),
      401,
      "UNAUTHORIZED",
    );
    await expectError(
      await request.post("/api/v1/triggers", {
        headers: { ...cookieHeader(owner()), ...bearer(owner().apiKey) },
        data,
      }),
      401,
      "UNAUTHORIZED",
    );
    // multiOrg has a valid cookie without a selected organization.
    await expectError(
      await request.post("/api/v1/triggers", { headers: cookieHeader(acme().users.multiOrg), data }),
      401,
      "UNAUTHORIZED",
    );
  });

  test("400 VALIDATION for unknown, missing and invalid fields", async ({ request }) => {
    const post = (data: unknown) => request.post("/api/v1/triggers", { headers: cookieHeader(owner()), data });
    const cases: unknown[] = [
      { type: "api", domainId: ops(), name: "X", cron: "* * * * *" },
      { type: "api", domainId: ops() },
      { type: "webhook", domainId: ops(), name: "X" },
      { type: "api", domainId: "not-a-uuid", name: "X" },
      { type: "schedule", domainId: ops(), name: "X", cron: "*/5 * * * * *" },
      { type: "schedule", domainId: ops(), name: "X", cron: "every minute" },
      { type: "schedule", domainId: ops(), name: "X", cron: "* * * * *", timezone: "Atlantis/Capital" },
      { type: "schedule", domainId: ops(), name: "X", cron: "* * * * *", input: "not an object" },
      { ...eventBody(), eventType: "order.created" },
      { ...eventBody(), eventFilter: { field: "headers.signature", operator: "equals", value: "x" } },
      { ...eventBody(), eventFilter: { field: "payload.amount", operator: "like", value: 1 } },
      { ...eventBody(), endpointSecret: "short" },
    ];
    for (const data of cases) {
      const error = await expectError(await post(data), 400, "VALIDATION");
      expect(error.message, JSON.stringify(data)).toMatch(/\w/);
    }
    const zone = await expectError(await post(cases[6]), 400, "VALIDATION");
    expect(zone.message).toContain("Atlantis/Capital");
  });

  test("404 for a domain, connection or integration of another organization", async ({ request }) => {
    const headers = cookieHeader(owner());
    await expectError(
      await request.post("/api/v1/triggers", {
        headers,
        data: { type: "api", domainId: globex().domains.main.id, name: "X" },
      }),
      404,
      "NOT_FOUND",
    );
    await expectError(
      await request.post("/api/v1/triggers", {
        headers,
        data: { type: "api", domainId: "00000000-0000-4000-8000-000000000000", name: "X" },
      }),
      404,
      "NOT_FOUND",
    );
    await expectError(
      await request.post("/api/v1/triggers", {
        headers,
        data: { ...eventBody(), sourceIntegrationId: "service.unknown" },
      }),
      404,
      "NOT_FOUND",
    );
    const globexOwner = globex().users.owner;
    const foreignConnection = { ...eventBody(), domainId: globex().domains.main.id };
    await expectError(
      await request.post("/api/v1/triggers", { headers: cookieHeader(globexOwner), data: foreignConnection }),
      404,
      "NOT_FOUND",
    );
  });

  test("403 FORBIDDEN for viewers and operators, and a connection of another domain is a 400", async ({ request }) => {
    for (const user of [acme().users.viewer, acme().users.operator]) {
      await expectError(
        await request.post("/api/v1/triggers", {
          headers: cookieHeader(user),
          data: { type: "api", domainId: ops(), name: "X" },
        }),
        403,
        "FORBIDDEN",
      );
    }
    const error = await expectError(
      await request.post("/api/v1/triggers", {
        headers: cookieHeader(owner()),
        data: { ...eventBody(), domainId: acme().domains.sales.id },
      }),
      400,
      "VALIDATION",
    );
    expect(error.details).toEqual({ field: "connectionId" });
  });
});
