import { expect, test, type APIResponse } from "@playwright/test";
import { bearer, cookieHeader, world } from "../support/world";

type TEnvelope = { error: { code: string; message: string; details?: Record<string, unknown> } };

/** The standard envelope `{ error: { code, message, details? } }` with a non-empty message. */
async function expectEnvelope(response: APIResponse, status: number, code: string): Promise<TEnvelope> {
  expect(response.status()).toBe(status);
  expect(response.headers()["content-type"]).toContain("application/json");
  const body = (await response.json()) as TEnvelope;
  expect(Object.keys(body)).toEqual(["error"]);
  for (const key of Object.keys(body.error)) expect(["code", "message", "details"]).toContain(key);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe("string");
  expect(body.error.message.trim()).not.toBe("");
  return body;
}

test.describe("unknown paths", () => {
  for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"] as const) {
    test(`${method} on an unknown /api/v1 path is 404 NOT_FOUND`, async ({ request }) => {
      await expectEnvelope(await request.fetch("/api/v1/no/such/route", { method }), 404, "NOT_FOUND");
    });
  }

  test("an unknown /api/partner/v1 path is 404 NOT_FOUND", async ({ request }) => {
    await expectEnvelope(await request.get("/api/partner/v1/no/such/route"), 404, "NOT_FOUND");
    await expectEnvelope(await request.post("/api/partner/v1/no/such/route"), 404, "NOT_FOUND");
  });

  test("a v1 route is not reachable under /api/partner/v1", async ({ request }) => {
    const owner = world().orgs.acme.users.owner;
    await expectEnvelope(
      await request.post("/api/partner/v1/auth/token", { headers: cookieHeader(owner) }),
      404,
      "NOT_FOUND",
    );
    await expectEnvelope(
      await request.get("/api/partner/v1/auth/whoami", { headers: bearer(owner.apiKey) }),
      404,
      "NOT_FOUND",
    );
  });

  test("HEAD answers with the status GET would have", async ({ request }) => {
    for (const path of ["/api/foo", "/api/v1/no/such/route", "/api/partner/v1/no/such/route", "/api/v1/auth/whoami"]) {
      const get = await request.get(path);
      const head = await request.head(path);
      expect(get.status(), `GET ${path}`).toBe(404);
      expect(head.status(), `HEAD ${path}`).toBe(get.status());
    }
  });

  test("an unknown /api path outside both surfaces is 404 NOT_FOUND", async ({ request }) => {
    await expectEnvelope(await request.get("/api/foo"), 404, "NOT_FOUND");
    await expectEnvelope(await request.post("/api/foo/bar"), 404, "NOT_FOUND");
  });
});

test.describe("invalid bodies", () => {
  test("malformed JSON is 400 VALIDATION", async ({ request }) => {
    const response = await request.post("/api/v1/auth/token", {
      headers: { ...cookieHeader(world().orgs.acme.users.owner), "content-type": "application/json" },
      data: "{not json",
    });
    await expectEnvelope(response, 400, "VALIDATION");
  });

  test("an unknown field in a strict body is 400 VALIDATION with details", async ({ request }) => {
    const response = await request.post("/api/v1/auth/token", {
      headers: cookieHeader(world().orgs.acme.users.owner),
      data: { extra: true },
    });
    const body = await expectEnvelope(response, 400, "VALIDATION");
    expect(body.error.message).toContain("extra");
  });
});

test.describe("GET /api/v1/auth/whoami refusals", () => {
  test("are one uniform 404 NOT_FOUND for missing, invalid and revoked-looking keys", async ({ request }) => {
    const real = world().orgs.acme.users.viewer.apiKey;
    const revokedLooking = `${real.slice(0, -1)}${real.endsWith("a") ? "b" : "a"}`;
    const responses = [
      await request.get("/api/v1/auth/whoami"),
      await request.get("/api/v1/auth/whoami", { headers: bearer("garbage") }),
      await request.get("/api/v1/auth/whoami", { headers: bearer(`yk_${"Z".repeat(52)}`) }),
      await request.get("/api/v1/auth/whoami", { headers: bearer(revokedLooking) }),
      await request.get("/api/v1/auth/whoami", { headers: { authorization: `Basic ${real}` } }),
    ];
    const bodies: TEnvelope[] = [];
    for (const response of responses) bodies.push(await expectEnvelope(response, 404, "NOT_FOUND"));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
  });

  test("the real key still works (the refusals above are not a lockout)", async ({ request }) => {
    const viewer = world().orgs.acme.users.viewer;
    const response = await request.get("/api/v1/auth/whoami", { headers: bearer(viewer.apiKey) });
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({
      user: { id: viewer.id },
      credential: { kind: "api_key", expiresAt: null },
    });
  });
});

test.describe("input that once crashed a route", () => {
  // Next.js builds a WHATWG Request from every request, and that refuses TRACE: every route
  // answered a 500 HTML page. The service answers it first (lifecycle/unfetchable-methods.ts).
  for (const path of ["/api/v1/triggers/fire", "/api/partner/v1/organizations", "/api/health/ready", "/mcp", "/signin"])
    test(`TRACE ${path} is 405 METHOD_NOT_ALLOWED with Allow`, async ({ request }) => {
      const response = await request.fetch(path, { method: "TRACE" });
      await expectEnvelope(response, 405, "METHOD_NOT_ALLOWED");
      expect(response.headers()["allow"]).toContain("GET");
    });

  // A service_session cookie that is not valid percent-encoding threw URIError (500) wherever the
  // cookie is read: it is no session, so what needs one answers as without one.
  const malformed = { Cookie: "service_session=%E0%A4%A" };

  test("a malformed session cookie is 401 on the token route and trigger creation", async ({ request }) => {
    await expectEnvelope(await request.post("/api/v1/auth/token", { headers: malformed }), 401, "UNAUTHORIZED");
    const data = { type: "api", domainId: world().orgs.acme.domains.ops.id, name: "X" };
    await expectEnvelope(await request.post("/api/v1/triggers", { headers: malformed, data }), 401, "UNAUTHORIZED");
  });

  test("a malformed session cookie sends a console page to sign-in, and the console API answers 401", async ({
    request,
  }) => {
    const page = await request.get("/reference/v1", { headers: malformed, maxRedirects: 0 });
    expect([302, 303, 307]).toContain(page.status());
    expect(page.headers()["location"]).toContain("/signin");
    const consoleCall = await request.get("/api/trpc/tenancy.getMe", { headers: malformed });
    expect(consoleCall.status()).toBe(401);
  });
});
