import { expect, test } from "@playwright/test";
import { acme, expectError, expectStatus } from "../support/api";
import { bearer, world } from "../support/world";

// The partner's entitlement and support routes against the running app. The fixture follower
// has no automations of its own yet, so enforcement (a disabled automation at every entry
// point) is covered by the unit tests on both databases; here: the list, and that nothing
// about another platform's or an unknown customer can be told apart.

const partner = () => world().partner;
const entitlements = (orgId: string) => `/api/partner/v1/organizations/${orgId}/entitlements`;
const entitlement = (orgId: string, automationId: string) =>
  `/api/partner/v1/organizations/${orgId}/automations/${automationId}/entitlement`;

test.describe("partner entitlements (spec 4.7)", () => {
  test("lists the follower's agents and flows with their standing", async ({ request }) => {
    const body = (await expectStatus(
      await request.get(entitlements(partner().follower.orgId), { headers: bearer(partner().key) }),
      200,
    )) as {
      entitlements: Array<{
        automationId: string;
        kind: string;
        default: boolean;
        override: boolean | null;
        enabled: boolean;
      }>;
    };
    expect(Array.isArray(body.entitlements)).toBe(true);
    for (const row of body.entitlements) {
      expect(["agent", "flow"]).toContain(row.kind);
      expect(row.enabled).toBe(row.override ?? row.default);
    }
  });

  test("another platform's key, an ordinary organization and an unknown id are one 404", async ({ request }) => {
    const cases: Array<[string, string]> = [
      [partner().follower.orgId, partner().otherPlatformKey],
      [acme().id, partner().key],
      [crypto.randomUUID(), partner().key],
    ];
    for (const [orgId, key] of cases) {
      await expectError(await request.get(entitlements(orgId), { headers: bearer(key) }), 404, "NOT_FOUND");
      await expectError(
        await request.patch(entitlement(orgId, acme().agents.echo.id), {
          headers: bearer(key),
          data: { enabled: false },
        }),
        404,
        "NOT_FOUND",
      );
      await expectError(
        await request.delete(entitlement(orgId, acme().agents.echo.id), { headers: bearer(key) }),
        404,
        "NOT_FOUND",
      );
    }
    // Another organization's automation under the platform's own customer: the same 404.
    await expectError(
      await request.patch(entitlement(partner().follower.orgId, acme().agents.echo.id), {
        headers: bearer(partner().key),
        data: { enabled: false },
      }),
      404,
      "NOT_FOUND",
    );
    // ...and acme's agent still runs (it has no entitlement, it is not a follower's).
    const opened = await request.post(`/api/v1/agents/${acme().agents.echo.id}/sessions`, {
      headers: bearer(acme().users.operator.apiKey),
      data: { message: "still runs" },
    });
    expect(opened.status()).toBe(202);
  });

  test("a strict body: unknown fields and non-boolean values are 400 VALIDATION", async ({ request }) => {
    for (const data of [{ enabled: true, extra: 1 }, { enabled: "false" }, {}]) {
      await expectError(
        await request.patch(entitlement(partner().follower.orgId, crypto.randomUUID()), {
          headers: bearer(partner().key),
          data,
        }),
        400,
        "VALIDATION",
      );
    }
  });

  test("credentials: none, a personal key or a bad partner key are the neutral 401", async ({ request }) => {
    for (const headers of [{}, bearer(acme().users.owner.apiKey), bearer(`ykp_${"x".repeat(52)}`)]) {
      await expectError(await request.get(entitlements(partner().follower.orgId), { headers }), 401, "UNAUTHORIZED");
    }
  });
});

test.describe("support sessions (spec 4.7)", () => {
  test("need an app lease: no credential, a partner key or a personal key are the neutral 401", async ({ request }) => {
    for (const headers of [{}, bearer(partner().key), bearer(acme().users.owner.apiKey)]) {
      await expectError(
        await request.get(`/api/partner/v1/support-sessions/${crypto.randomUUID()}`, { headers }),
        401,
        "UNAUTHORIZED",
      );
    }
  });

  test("there is no collection route", async ({ request }) => {
    const response = await request.get("/api/partner/v1/support-sessions", { headers: bearer(partner().key) });
    expect([401, 404, 405]).toContain(response.status());
    expect(response.status()).not.toBe(200);
  });
});
