import { describe, expect, it, vi } from "vitest";
import { addOrgMember, createApiKeyFor, createOrganization, createUser, memberOfNewOrg } from "../../../test/factories";
import { mintSessionCookie, SESSION_COOKIE } from "@/server/auth/session-cookie";
import { db } from "@/server/db/client";
import { handleOpenApiRequest } from "./openapi-handler";

const HOUR = 60 * 60 * 1000;

type TSurface = Parameters<typeof handleOpenApiRequest>[1];
type TEnvelope = { error: { code: string; message: string; details?: Record<string, unknown> } };

async function call(path: string, init: RequestInit = {}, surface: TSurface = "v1") {
  const response = await handleOpenApiRequest(new Request(`http://test${path}`, init), surface);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: text ? (JSON.parse(text) as unknown) : undefined,
  };
}

async function cookie(userId: string, orgId: string | null): Promise<Record<string, string>> {
  return { cookie: `${SESSION_COOKIE}=${await mintSessionCookie({ sub: userId, orgId })}` };
}

function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

function mintToken(headers: Record<string, string>, init: RequestInit = {}) {
  return call("/api/v1/auth/token", {
    method: "POST",
    ...init,
    headers: { ...headers, ...(init.headers as Record<string, string>) },
  });
}

function whoami(token: string) {
  return call("/api/v1/auth/whoami", { headers: bearer(token) });
}

/** The standard envelope and nothing else, with a useful message. */
function expectEnvelope(body: unknown, code: string): TEnvelope {
  expect(body).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
  const envelope = body as TEnvelope;
  expect(Object.keys(envelope)).toEqual(["error"]);
  for (const key of Object.keys(envelope.error)) expect(["code", "message", "details"]).toContain(key);
  expect(envelope.error.message.trim().length).toBeGreaterThan(0);
  return envelope;
}

describe("POST /api/v1/auth/token", () => {
  it("mints a yku_ token for the cookie's user and organization, valid for one hour", async () => {
    const { organization, user } = await memberOfNewOrg("ADMIN");
    const before = Date.now();
    const response = await mintToken(await cookie(user.id, organization.id));
    const after = Date.now();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = response.body as { token: string; expiresAt: string };
    expect(Object.keys(body).sort()).toEqual(["expiresAt", "token"]);
    expect(body.token).toMatch(/^yku_[0-9A-Za-z]{52}$/);
    expect(Date.parse(body.expiresAt)).toBeGreaterThanOrEqual(before + HOUR - 1000);
    expect(Date.parse(body.expiresAt)).toBeLessThanOrEqual(after + HOUR + 1000);

    const me = await whoami(body.token);
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      user: { id: user.id, email: user.email, name: user.name },
      organization: { id: organization.id, name: organization.name, role: "ADMIN" },
      credential: { kind: "user_token", expiresAt: body.expiresAt },
    });
  });

  it("accepts an empty JSON object as the body", async () => {
    const { organization, user } = await memberOfNewOrg();
    const response = await mintToken(await cookie(user.id, organization.id), {
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(200);
    expect((response.body as { token: string }).token).toMatch(/^yku_/);
  });

  it("reads the body once and parses it once on its way to the route", async () => {
    const { organization, user } = await memberOfNewOrg();
    const headers = await cookie(user.id, organization.id);
    const text = "{ \n }"; // an empty object spelled so that only this request's body matches it
    const reads = (["text", "json", "arrayBuffer", "blob", "formData", "clone"] as const).map((method) =>
      vi.spyOn(Request.prototype, method),
    );
    const parse = vi.spyOn(JSON, "parse");
    try {
      const response = await handleOpenApiRequest(
        new Request("http://test/api/v1/auth/token", {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: text,
        }),
        "v1",
      );
      expect(response.status).toBe(200);
      expect(reads.reduce((calls, spy) => calls + spy.mock.calls.length, 0)).toBe(1);
      expect(parse.mock.calls.filter(([argument]) => argument === text)).toHaveLength(1);
    } finally {
      parse.mockRestore();
      for (const spy of reads) spy.mockRestore();
    }
  });

  it("answers 401 UNAUTHORIZED without a cookie", async () => {
    const response = await mintToken({});
    expect(response.status).toBe(401);
    expectEnvelope(response.body, "UNAUTHORIZED");
  });

  it("answers 401 UNAUTHORIZED when the session has no selected organization", async () => {
    const { user } = await memberOfNewOrg();
    const response = await mintToken(await cookie(user.id, null));
    expect(response.status).toBe(401);
    expectEnvelope(response.body, "UNAUTHORIZED");
  });

  it("answers 401 UNAUTHORIZED for a garbage cookie", async () => {
    const response = await mintToken({ cookie: `${SESSION_COOKIE}=not-a-session` });
    expect(response.status).toBe(401);
    expectEnvelope(response.body, "UNAUTHORIZED");
  });

  it("answers 401 UNAUTHORIZED when a personal API key comes with the cookie", async () => {
    const { organization, user } = await memberOfNewOrg();
    const key = await createApiKeyFor(user.id, organization.id);
    const response = await mintToken({ ...(await cookie(user.id, organization.id)), ...bearer(key.token) });
    expect(response.status).toBe(401);
    expectEnvelope(response.body, "UNAUTHORIZED");
    expect(await db().accessToken.count({ where: { userId: user.id } })).toBe(0);
  });

  it("answers 401 UNAUTHORIZED for a personal API key alone", async () => {
    const { organization, user } = await memberOfNewOrg();
    const key = await createApiKeyFor(user.id, organization.id);
    const response = await mintToken(bearer(key.token));
    expect(response.status).toBe(401);
    expectEnvelope(response.body, "UNAUTHORIZED");
  });

  it("answers 401 UNAUTHORIZED for a yku_ token: a token cannot mint tokens", async () => {
    const { organization, user } = await memberOfNewOrg();
    const { token } = (await mintToken(await cookie(user.id, organization.id))).body as { token: string };
    const response = await mintToken(bearer(token));
    expect(response.status).toBe(401);
    expectEnvelope(response.body, "UNAUTHORIZED");
  });

  it("answers 401 UNAUTHORIZED for the cookie of a disabled user", async () => {
    const { organization, user } = await memberOfNewOrg();
    const headers = await cookie(user.id, organization.id);
    await db().user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });
    const response = await mintToken(headers);
    expect(response.status).toBe(401);
    expectEnvelope(response.body, "UNAUTHORIZED");
  });

  it("answers 401 UNAUTHORIZED when the selected organization's membership was removed", async () => {
    const { organization, user } = await memberOfNewOrg();
    const headers = await cookie(user.id, organization.id);
    await db().organizationMembership.delete({
      where: { organizationId_userId: { organizationId: organization.id, userId: user.id } },
    });
    const response = await mintToken(headers);
    expect(response.status).toBe(401);
    expectEnvelope(response.body, "UNAUTHORIZED");
  });

  it("answers 400 VALIDATION naming an unrecognized key in the body", async () => {
    const { organization, user } = await memberOfNewOrg();
    const response = await mintToken(await cookie(user.id, organization.id), {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ x: 1 }),
    });
    expect(response.status).toBe(400);
    const { error } = expectEnvelope(response.body, "VALIDATION");
    expect(error.message).toMatch(/"x"/);
    expect(await db().accessToken.count({ where: { userId: user.id } })).toBe(0);
  });

  it("answers 400 VALIDATION for malformed JSON", async () => {
    const { organization, user } = await memberOfNewOrg();
    const response = await mintToken(await cookie(user.id, organization.id), {
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(response.status).toBe(400);
    expectEnvelope(response.body, "VALIDATION");
  });

  it("answers 400 VALIDATION for a JSON body that is not an object", async () => {
    const { organization, user } = await memberOfNewOrg();
    for (const body of ["[]", "1", '"text"', "null"]) {
      const response = await mintToken(await cookie(user.id, organization.id), {
        headers: { "content-type": "application/json" },
        body,
      });
      expect(response.status, body).toBe(400);
      expectEnvelope(response.body, "VALIDATION");
    }
  });

  it("answers 415 for a form body", async () => {
    const { organization, user } = await memberOfNewOrg();
    const response = await mintToken(await cookie(user.id, organization.id), {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(response.status).toBe(415);
    expectEnvelope(response.body, (response.body as TEnvelope).error.code);
    expect(await db().accessToken.count({ where: { userId: user.id } })).toBe(0);
  });

  it("issues a token that keeps the organization selected at issue time", async () => {
    const user = await createUser();
    const first = await createOrganization("First");
    const second = await createOrganization("Second");
    await addOrgMember(first.id, user.id, "MEMBER");
    await addOrgMember(second.id, user.id, "OWNER");
    const { token } = (await mintToken(await cookie(user.id, first.id))).body as { token: string };

    // The person switches the console to the other organization afterwards.
    const { token: secondToken } = (await mintToken(await cookie(user.id, second.id))).body as { token: string };

    expect((await whoami(token)).body).toMatchObject({ organization: { id: first.id, role: "MEMBER" } });
    expect((await whoami(secondToken)).body).toMatchObject({ organization: { id: second.id, role: "OWNER" } });
  });
});

describe("GET /api/v1/auth/whoami", () => {
  it("describes a personal API key", async () => {
    const { organization, user } = await memberOfNewOrg("OWNER");
    const key = await createApiKeyFor(user.id, organization.id);
    const response = await whoami(key.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      user: { id: user.id, email: user.email, name: user.name },
      organization: { id: organization.id, name: organization.name, role: "OWNER" },
      credential: { kind: "api_key", expiresAt: null },
    });
  });

  it("refuses a token once its user is disabled, with 404 NOT_FOUND", async () => {
    const { organization, user } = await memberOfNewOrg();
    const { token } = (await mintToken(await cookie(user.id, organization.id))).body as { token: string };
    expect((await whoami(token)).status).toBe(200);
    await db().user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });
    const response = await whoami(token);
    expect(response.status).toBe(404);
    expectEnvelope(response.body, "NOT_FOUND");
  });

  it("refuses a token once its user's membership is removed, with 404 NOT_FOUND", async () => {
    const { organization, user } = await memberOfNewOrg();
    const { token } = (await mintToken(await cookie(user.id, organization.id))).body as { token: string };
    await db().organizationMembership.delete({
      where: { organizationId_userId: { organizationId: organization.id, userId: user.id } },
    });
    const response = await whoami(token);
    expect(response.status).toBe(404);
    expectEnvelope(response.body, "NOT_FOUND");
  });

  it("refuses an expired token with 404 NOT_FOUND", async () => {
    const { organization, user } = await memberOfNewOrg();
    const { token } = (await mintToken(await cookie(user.id, organization.id))).body as { token: string };
    await db().accessToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const response = await whoami(token);
    expect(response.status).toBe(404);
    expectEnvelope(response.body, "NOT_FOUND");
  });

  it("answers the same 404 for a missing, malformed, unknown or revoked key", async () => {
    const { organization, user } = await memberOfNewOrg();
    const revoked = await createApiKeyFor(user.id, organization.id, { revoked: true });
    const responses = [
      await call("/api/v1/auth/whoami"),
      await whoami("not-a-key"),
      await whoami(`yk_${"A".repeat(52)}`),
      await whoami(revoked.token),
    ];
    for (const response of responses) {
      expect(response.status).toBe(404);
      expectEnvelope(response.body, "NOT_FOUND");
    }
    expect(new Set(responses.map((response) => response.text)).size).toBe(1);
  });

  it("does not accept the session cookie", async () => {
    const { organization, user } = await memberOfNewOrg();
    const response = await call("/api/v1/auth/whoami", { headers: await cookie(user.id, organization.id) });
    expect(response.status).toBe(404);
    expectEnvelope(response.body, "NOT_FOUND");
  });
});

describe("routing", () => {
  it.each(["GET", "POST", "PUT", "PATCH", "DELETE"])(
    "answers 404 NOT_FOUND for an unknown /api/v1 path (%s)",
    async (method) => {
      const response = await call("/api/v1/no/such/route", { method });
      expect(response.status).toBe(404);
      expectEnvelope(response.body, "NOT_FOUND");
    },
  );

  // BUG: the API route files export HEAD (src/app/api/v1/[...path]/route.ts:7), and
  // trpc-to-openapi answers every HEAD that matches no procedure with 204 "for warmup"
  // (node_modules/trpc-to-openapi/dist/esm/adapters/node-http/core.mjs:43). HEAD must answer
  // as GET would, without content (RFC 9110 section 9.3.2): 404 for an unknown path and for
  // whoami without a credential. Remove `.fails` once HEAD mirrors GET.
  it("answers HEAD with the status GET would have", async () => {
    for (const path of ["/api/v1/no/such/route", "/api/v1/auth/whoami"]) {
      const get = await call(path);
      const head = await call(path, { method: "HEAD" });
      expect(get.status).toBe(404);
      expect(head.status, `HEAD ${path}`).toBe(get.status);
      expect(head.text).toBe("");
    }
  });

  it("does not serve v1 routes on the partner surface", async () => {
    const { organization, user } = await memberOfNewOrg();
    const key = await createApiKeyFor(user.id, organization.id);
    const token = await call(
      "/api/partner/v1/auth/token",
      { method: "POST", headers: await cookie(user.id, organization.id) },
      "partner-v1",
    );
    expect(token.status).toBe(404);
    expectEnvelope(token.body, "NOT_FOUND");
    const me = await call("/api/partner/v1/auth/whoami", { headers: bearer(key.token) }, "partner-v1");
    expect(me.status).toBe(404);
    expectEnvelope(me.body, "NOT_FOUND");
    expect(await db().accessToken.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses a body key named like a path parameter before the route runs", async () => {
    const path = `/api/v1/agents/sessions/${crypto.randomUUID()}/messages`;
    const response = await call(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sessionId: "x", message: "hi" }),
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(expectEnvelope(response.body, "VALIDATION").error.details)).toContain("sessionId");
  });

  it("answers 415 for a form body on a route with path parameters", async () => {
    const path = `/api/v1/agents/sessions/${crypto.randomUUID()}/messages`;
    const response = await call(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "sessionId=x",
    });
    expect(response.status).toBe(415);
    expectEnvelope(response.body, "VALIDATION");
  });

  it("answers an unknown partner path with the envelope", async () => {
    const response = await call("/api/partner/v1/no/such/route", {}, "partner-v1");
    expect(response.status).toBe(404);
    expectEnvelope(response.body, "NOT_FOUND");
  });
});
