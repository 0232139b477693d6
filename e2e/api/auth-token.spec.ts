import { expect, test, type APIResponse } from "@playwright/test";
import { bearer, cookieHeader, world, type TWorldUser } from "../support/world";

// Section 4.1 of the spec, black-box against the running service.
const HOUR_MS = 60 * 60 * 1000;

type TToken = { token: string; expiresAt: string };

async function expectUnauthorized(response: APIResponse): Promise<void> {
  expect(response.status()).toBe(401);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error.code).toBe("UNAUTHORIZED");
  expect(body.error.message.trim()).not.toBe("");
}

const ACME_ROLES: Array<[keyof ReturnType<typeof world>["orgs"]["acme"]["users"], string]> = [
  ["owner", "OWNER"],
  ["editor", "MEMBER"],
  ["operator", "MEMBER"],
  ["viewer", "MEMBER"],
  ["outsider", "MEMBER"],
  ["orgAdmin", "ADMIN"],
];

test.describe("POST /api/v1/auth/token", () => {
  for (const [key, role] of ACME_ROLES) {
    test(`mints a one-hour yku_ token for acme's ${key} that whoami recognises`, async ({ request }) => {
      const user = world().orgs.acme.users[key];
      const issuedAround = Date.now();
      const response = await request.post("/api/v1/auth/token", { headers: cookieHeader(user) });
      expect(response.status()).toBe(200);
      const body = (await response.json()) as TToken;
      expect(Object.keys(body).sort()).toEqual(["expiresAt", "token"]);
      expect(body.token).toMatch(/^yku_[0-9A-Za-z]{52}$/);
      expect(Math.abs(Date.parse(body.expiresAt) - (issuedAround + HOUR_MS))).toBeLessThanOrEqual(60_000);

      const me = await request.get("/api/v1/auth/whoami", { headers: bearer(body.token) });
      expect(me.status()).toBe(200);
      expect(await me.json()).toEqual({
        user: { id: user.id, email: user.email, name: expect.any(String) },
        organization: { id: world().orgs.acme.id, name: "Acme", role },
        credential: { kind: "user_token", expiresAt: body.expiresAt },
      });
    });
  }

  test("mints a token for globex's owner that acts in globex", async ({ request }) => {
    const user = world().orgs.globex.users.owner;
    const { token } = (await (
      await request.post("/api/v1/auth/token", { headers: cookieHeader(user) })
    ).json()) as TToken;
    const me = await request.get("/api/v1/auth/whoami", { headers: bearer(token) });
    expect(await me.json()).toMatchObject({
      user: { id: user.id },
      organization: { id: world().orgs.globex.id, role: "OWNER" },
    });
  });

  test("mints a different token on every call", async ({ request }) => {
    const user = world().orgs.acme.users.editor;
    const first = (await (await request.post("/api/v1/auth/token", { headers: cookieHeader(user) })).json()) as TToken;
    const second = (await (await request.post("/api/v1/auth/token", { headers: cookieHeader(user) })).json()) as TToken;
    expect(first.token).not.toBe(second.token);
    for (const { token } of [first, second]) {
      expect((await request.get("/api/v1/auth/whoami", { headers: bearer(token) })).status()).toBe(200);
    }
  });

  test("answers 401 UNAUTHORIZED without a cookie", async ({ request }) => {
    await expectUnauthorized(await request.post("/api/v1/auth/token"));
  });

  test("answers 401 UNAUTHORIZED when the session has no selected organization (multiOrg)", async ({ request }) => {
    await expectUnauthorized(
      await request.post("/api/v1/auth/token", { headers: cookieHeader(world().orgs.acme.users.multiOrg) }),
    );
  });

  test("answers 401 UNAUTHORIZED for a personal API key alone", async ({ request }) => {
    await expectUnauthorized(
      await request.post("/api/v1/auth/token", { headers: bearer(world().orgs.acme.users.owner.apiKey) }),
    );
  });

  test("answers 401 UNAUTHORIZED for a personal API key sent with a valid cookie", async ({ request }) => {
    const user = world().orgs.acme.users.owner;
    await expectUnauthorized(
      await request.post("/api/v1/auth/token", { headers: { ...cookieHeader(user), ...bearer(user.apiKey) } }),
    );
  });

  test("answers 401 UNAUTHORIZED for a garbage cookie", async ({ request }) => {
    await expectUnauthorized(
      await request.post("/api/v1/auth/token", { headers: { cookie: "service_session=garbage" } }),
    );
    const forged: TWorldUser = {
      ...world().orgs.acme.users.owner,
      cookie: `${world().orgs.acme.users.owner.cookie.slice(0, -6)}AAAAAA`,
    };
    await expectUnauthorized(await request.post("/api/v1/auth/token", { headers: cookieHeader(forged) }));
  });

  test("does not accept a yku_ token on the token route itself", async ({ request }) => {
    const user = world().orgs.acme.users.operator;
    const { token } = (await (
      await request.post("/api/v1/auth/token", { headers: cookieHeader(user) })
    ).json()) as TToken;
    await expectUnauthorized(await request.post("/api/v1/auth/token", { headers: bearer(token) }));
    await expectUnauthorized(
      await request.post("/api/v1/auth/token", { headers: { ...cookieHeader(user), ...bearer(token) } }),
    );
  });

  test("answers 400 VALIDATION for a body with a field", async ({ request }) => {
    const response = await request.post("/api/v1/auth/token", {
      headers: cookieHeader(world().orgs.acme.users.owner),
      data: { x: 1 },
    });
    expect(response.status()).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("VALIDATION");
    expect(body.error.message).toContain('"x"');
  });
});
