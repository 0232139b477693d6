import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { assistantEventsOf, assistantWorld } from "../../../../../test/assistant-kit";
import { followLink, openLink, startOAuthProvider } from "../../../../../test/oauth-kit";
import { startEngine, stopEngine } from "../../../../../test/sessions-kit";
import { GET as callbackGET } from "@/app/oauth/callback/route";
import { db } from "@/server/db/client";
import { findAppError } from "@/server/errors";
import { workerAccessToken } from "./access-token";

// Worker connections (spec 4.8) end to end: the partner routes through the real handler, our two
// browser routes as Next serves them, and a real OAuth provider (oauth2-mock-server, the generic
// preset's issuer) reached over HTTP, step by step with redirect: "manual".

const RETURN = "https://app.example/oauth/done";
let oauth: Awaited<ReturnType<typeof startOAuthProvider>>;
let provider: Awaited<ReturnType<typeof startOAuthProvider>>["provider"];
let issuer: string;
let world: Awaited<ReturnType<typeof assistantWorld>>;

beforeAll(async () => {
  oauth = await startOAuthProvider();
  ({ provider, issuer } = oauth);
  // connection.failed is recorded with its webhook delivery job: the queue must run.
  await startEngine();
  world = await assistantWorld();
  const registered = await platformCall("PUT", { urls: [RETURN] });
  expect(registered.status).toBe(200);
});

afterAll(async () => {
  await stopEngine();
  await oauth.stop();
});

beforeEach(() => oauth.reset());

const platformCall = (method: string, body?: unknown) =>
  import("../../../../../test/assistant-kit").then(({ partnerCall }) =>
    partnerCall(method, "/platform/oauth-return-urls", { key: world.partner.key, body }),
  );

async function start(workerRef: string, providerName = "mail", returnTo = `${RETURN}?session=abc%20def`) {
  return world.call("POST", `/workers/${workerRef}/connections/${providerName}/start`, {
    body: { return_to: returnTo },
  });
}

const follow = followLink;

async function connectedWorker() {
  const { workerRef } = await world.createWorker();
  const started = await start(workerRef);
  const { location } = await follow(started.body.authorize_url);
  const connectionId = new URL(location!).searchParams.get("connectionId")!;
  return { workerRef, connectionId };
}

describe("connect link", () => {
  it("starts a link (201), follows it through the provider with PKCE, lands on return_to connected and lists the connection", async () => {
    const { workerRef } = await world.createWorker();
    const started = await start(workerRef);
    expect(started.status).toBe(201);
    expect(started.body.authorize_url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/connect\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(started.body.expires_at) - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    provider.service.once("beforeResponse", (response: { body: Record<string, unknown> }) => {
      response.body.scope = "mail.send mail.modify";
    });
    const { atProvider, done, location } = await follow(started.body.authorize_url);
    expect(atProvider.origin + atProvider.pathname).toBe(`${issuer}/authorize`);
    expect(Object.fromEntries(atProvider.searchParams)).toMatchObject({
      client_id: "service-mail-client",
      response_type: "code",
      scope: "mail.send mail.modify",
      code_challenge_method: "S256",
      redirect_uri: "http://127.0.0.1:3000/oauth/callback",
    });
    expect(done.status).toBe(302);
    const back = new URL(location!);
    expect(back.origin + back.pathname).toBe(RETURN);
    expect(back.search.startsWith("?session=abc%20def&status=connected&connectionId=")).toBe(true);
    const listed = await world.call("GET", `/workers/${workerRef}/connections`);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([
      {
        provider: "mail",
        status: "connected",
        scopes: ["mail.send", "mail.modify"],
        connected_at: expect.any(String),
        last_error: null,
      },
    ]);
    const row = await db().workerConnection.findUniqueOrThrow({
      where: { id: back.searchParams.get("connectionId")! },
    });
    expect(row.accessToken.startsWith("v1.")).toBe(true);
    expect(row.refreshToken?.startsWith("v1.")).toBe(true);
    const token = await workerAccessToken({ workerId: workerRef, provider: "mail" });
    expect(token).toMatchObject({ preset: "generic", apiBaseUrl: "https://mail-api.example/v1" });
    expect(token.accessToken.split(".")).toHaveLength(3);
  });

  it("refuses a reused link and an expired one with a page, never a redirect", async () => {
    const { workerRef } = await world.createWorker();
    const started = await start(workerRef);
    expect((await openLink(started.body.authorize_url)).status).toBe(302);
    const reused = await openLink(started.body.authorize_url);
    expect(reused.status).toBe(410);
    expect(reused.headers.get("location")).toBeNull();
    expect(await reused.text()).toContain("already used");
    const late = await start(workerRef);
    await db().connectLink.updateMany({
      where: { workerId: workerRef, consumedAt: null },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await openLink(late.body.authorize_url);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("expired");
    expect((await openLink("http://127.0.0.1:3000/connect/not-a-link")).status).toBe(404);
  });

  it("sends a denied consent back as status=error&error=access_denied and stores nothing", async () => {
    const { workerRef } = await world.createWorker();
    const started = await start(workerRef);
    provider.service.once("beforeAuthorizeRedirect", ({ url }: { url: URL }) => {
      url.searchParams.delete("code");
      url.searchParams.set("error", "access_denied");
    });
    const { location } = await follow(started.body.authorize_url);
    expect(Object.fromEntries(new URL(location!).searchParams)).toEqual({
      session: "abc def",
      status: "error",
      error: "access_denied",
    });
    expect((await world.call("GET", `/workers/${workerRef}/connections`)).body.items).toEqual([]);
  });

  it("answers a replayed callback with state_invalid and a late one with link_expired", async () => {
    const { workerRef } = await world.createWorker();
    const linked = await openLink((await start(workerRef)).body.authorize_url);
    const callback = (await fetch(linked.headers.get("location")!, { redirect: "manual" })).headers.get("location")!;
    await db().connectLink.updateMany({
      where: { workerId: workerRef },
      data: { stateExpiresAt: new Date(Date.now() - 1000) },
    });
    expect(new URL((await callbackGET(new Request(callback))).headers.get("location")!).searchParams.get("error")).toBe(
      "link_expired",
    );
    expect(new URL((await callbackGET(new Request(callback))).headers.get("location")!).searchParams.get("error")).toBe(
      "state_invalid",
    );
    expect((await callbackGET(new Request("http://127.0.0.1:3000/oauth/callback?code=x&state=forged"))).status).toBe(
      400,
    );
  });

  it("refuses a return_to outside the registered URLs, and the encoded tricks, with 400 VALIDATION", async () => {
    const { workerRef } = await world.createWorker();
    const bad = [
      "https://evil.example/oauth/done",
      "https://app.example/oauth/donex",
      "https://app.example/other",
      "http://app.example/oauth/done",
      "https://app.example:444/oauth/done",
      "https://app.example@evil.example/oauth/done",
      "https://user:pw@app.example/oauth/done",
      "https://app.example/oauth/done/..%2f..%2fother",
      "https://app.example/oauth/done/%2e%2e/%2e%2e/other",
      "https://app.example/oauth/done/../../other",
      "https://app.example\\@evil.example/oauth/done",
      "https://app.example/oauth/done#frag",
      "//evil.example/oauth/done",
      "javascript:alert(1)",
    ];
    for (const returnTo of bad) {
      const response = await start(workerRef, "mail", returnTo);
      expect(response.status, returnTo).toBe(400);
      expect(response.body.error.code, returnTo).toBe("VALIDATION");
    }
    expect((await start(workerRef, "mail", `${RETURN}/step/2?x=1`)).status).toBe(201);
    expect((await start(workerRef, "mail", "https://APP.example:443/oauth/done")).status).toBe(201);
    expect((await start(workerRef, "fax")).status).toBe(400);
  });

  it("answers 400 MANAGED_OAUTH_UNAVAILABLE when neither the customer's nor the service's app exists for the provider", async () => {
    const { workerRef } = await world.createWorker();
    const response = await start(workerRef, "calendar");
    expect(response).toMatchObject({
      status: 400,
      body: { error: { code: "MANAGED_OAUTH_UNAVAILABLE", details: { provider: "calendar" } } },
    });
  });
});

describe("return URL registration", () => {
  it("normalizes, validates and reads back the platform's list", async () => {
    expect((await platformCall("PUT", { urls: ["https://app.example/a/%2e%2e/b"] })).status).toBe(400);
    expect((await platformCall("PUT", { urls: ["https://app.example/a?x=1"] })).status).toBe(400);
    expect((await platformCall("PUT", { urls: ["http://app.example/a"] })).status).toBe(400);
    expect(
      (await platformCall("PUT", { urls: Array.from({ length: 21 }, (_, i) => `https://app.example/${i}`) })).status,
    ).toBe(400);
    const put = await platformCall("PUT", {
      urls: [RETURN, "HTTPS://App.Example/oauth/done", "http://localhost:5173/back"],
    });
    expect(put).toMatchObject({ status: 200, body: { urls: [RETURN, "http://localhost:5173/back"] } });
    expect((await platformCall("GET")).body).toEqual({ urls: [RETURN, "http://localhost:5173/back"] });
  });
});

describe("tokens for tools", () => {
  it("refreshes an expired access token with the refresh grant", async () => {
    const { workerRef, connectionId } = await connectedWorker();
    const before = await workerAccessToken({ workerId: workerRef, provider: "mail" });
    await db().workerConnection.update({
      where: { id: connectionId },
      data: { expiresAt: new Date(Date.now() + 30_000) },
    });
    let grants = 0;
    provider.service.on("beforeResponse", (_response: unknown, req: { body: { grant_type: string } }) => {
      if (req.body.grant_type === "refresh_token") grants++;
    });
    const [first, second] = await Promise.all([
      workerAccessToken({ workerId: workerRef, provider: "mail" }),
      workerAccessToken({ workerId: workerRef, provider: "mail" }),
    ]);
    expect(first.accessToken).not.toBe(before.accessToken);
    expect(second.accessToken).toBe(first.accessToken);
    expect(grants).toBe(1);
    const row = await db().workerConnection.findUniqueOrThrow({ where: { id: connectionId } });
    expect(row.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 60_000);
    const forced = await workerAccessToken({ workerId: workerRef, provider: "mail", forceRefresh: true });
    expect(forced.accessToken).not.toBe(first.accessToken);
    expect(grants).toBe(2);
  });

  it("marks the connection error, records connection.failed and throws CONNECTION_FAILED when the refresh token is revoked", async () => {
    const { workerRef, connectionId } = await connectedWorker();
    provider.service.on(
      "beforeResponse",
      (response: { statusCode: number; body: unknown }, req: { body: { grant_type: string } }) => {
        if (req.body.grant_type !== "refresh_token") return;
        response.statusCode = 400;
        response.body = { error: "invalid_grant", error_description: "Token has been expired or revoked." };
      },
    );
    const error = await workerAccessToken({ workerId: workerRef, provider: "mail", forceRefresh: true }).catch(
      (caught: unknown) => caught,
    );
    expect(findAppError(error)).toMatchObject({
      code: "CONNECTION_FAILED",
      details: { provider: "mail", error_code: "invalid_grant" },
    });
    const listed = await world.call("GET", `/workers/${workerRef}/connections`);
    expect(listed.body.items).toEqual([
      expect.objectContaining({ provider: "mail", status: "error", last_error: "invalid_grant" }),
    ]);
    const events = await assistantEventsOf(workerRef);
    expect(events.filter((event) => event.type === "connection.failed").map((event) => event.body.data)).toEqual([
      { provider: "mail", connection_id: connectionId, error_code: "invalid_grant" },
    ]);
    // Later calls fail at once, without another refresh attempt.
    expect(
      findAppError(
        await workerAccessToken({ workerId: workerRef, provider: "mail" }).catch((caught: unknown) => caught),
      )?.code,
    ).toBe("CONNECTION_FAILED");
    expect(
      findAppError(
        await workerAccessToken({ workerId: workerRef, provider: "calendar" }).catch((caught: unknown) => caught),
      )?.code,
    ).toBe("CONNECTION_REQUIRED");
  });
});

describe("disconnecting", () => {
  it("DELETE answers 204 twice and revokes the grant at the provider once", async () => {
    const { workerRef } = await connectedWorker();
    const revoked: unknown[] = [];
    provider.service.on("beforeRevoke", (_response: unknown, req: { body?: unknown }) => revoked.push(req.body));
    expect((await world.call("DELETE", `/workers/${workerRef}/connections/mail`)).status).toBe(204);
    expect((await world.call("DELETE", `/workers/${workerRef}/connections/mail`)).status).toBe(204);
    expect(revoked).toHaveLength(1);
    expect((await world.call("GET", `/workers/${workerRef}/connections`)).body.items).toEqual([]);
  });

  it("DELETE /workers/{w} erases the worker's connections and links", async () => {
    const { workerRef } = await connectedWorker();
    const pending = await start(workerRef);
    expect((await world.call("DELETE", `/workers/${workerRef}`)).status).toBe(204);
    expect(await db().workerConnection.count({ where: { workerId: workerRef } })).toBe(0);
    expect(await db().connectLink.count({ where: { workerId: workerRef } })).toBe(0);
    expect((await openLink(pending.body.authorize_url)).status).toBe(404);
  });
});

describe("the customer's own OAuth app (BYOK)", () => {
  /** A worker the platform vouched with the organization role asked for (spec 4.7 vouch, `organizationRole`). */
  async function adminSubject(role: "ADMIN" | "MEMBER") {
    const subject = `admin-${crypto.randomUUID().slice(0, 8)}`;
    const body = {
      partnerSubject: subject,
      displayName: "Ann Admin",
      domainRoles: [{ domainId: world.customer.domain.id, role: "owner" }],
      ...(role === "ADMIN" ? { organizationRole: "admin" } : {}),
    };
    const vouched = await world.call("POST", "/workers", { body });
    expect(vouched.status).toBe(201);
    const mapping = await db().workerMapping.findFirstOrThrow({
      where: { organizationId: world.orgId, partnerSubject: subject },
    });
    expect(
      await db().organizationMembership.findFirstOrThrow({
        where: { organizationId: world.orgId, userId: mapping.userId },
        select: { role: true },
      }),
    ).toEqual({ role });
    return { "X-Service-Subject": subject };
  }

  it("re-vouching without organizationRole makes an admin worker a member again", async () => {
    const headers = await adminSubject("ADMIN");
    const subject = headers["X-Service-Subject"];
    expect((await world.call("GET", "/oauth-apps", { headers })).status).toBe(200);
    await world.call("POST", "/workers", {
      body: {
        partnerSubject: subject,
        displayName: "Ann",
        domainRoles: [{ domainId: world.customer.domain.id, role: "owner" }],
      },
    });
    expect((await world.call("GET", "/oauth-apps", { headers })).status).toBe(403);
  });

  it("needs an organization admin worker in X-Service-Subject", async () => {
    expect((await world.call("GET", "/oauth-apps")).status).toBe(403);
    expect((await world.call("GET", "/oauth-apps", { headers: { "X-Service-Subject": "nobody" } })).status).toBe(403);
    expect((await world.call("GET", "/oauth-apps", { headers: await adminSubject("MEMBER") })).status).toBe(403);
    const read = await world.call("GET", "/oauth-apps", { headers: await adminSubject("ADMIN") });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      state: "managed",
      configured: null,
      redirectUri: "http://127.0.0.1:3000/oauth/callback",
    });
    expect(read.body.apps.map((app: { id: string }) => app.id)).toEqual(["google", "microsoft", "generic"]);
  });

  it("sets the customer's app (secret write-only), selects it, and connect links then use the customer's client", async () => {
    const headers = await adminSubject("ADMIN");
    expect((await world.call("PUT", "/oauth-apps/idp/state", { headers, body: { state: "byok" } })).status).toBe(409);
    expect(
      (
        await world.call("PUT", "/oauth-apps", {
          headers,
          body: { appId: "generic", values: { clientId: "customer-client" } },
        })
      ).status,
    ).toBe(400);
    expect((await world.call("PUT", "/oauth-apps", { headers, body: { appId: "unknown", values: {} } })).status).toBe(
      400,
    );
    const put = await world.call("PUT", "/oauth-apps", {
      headers,
      body: { appId: "generic", values: { clientId: "customer-client", clientSecret: "customer-secret-1234" } },
    });
    expect(put).toMatchObject({
      status: 200,
      body: {
        state: "managed",
        configured: { appId: "generic", values: { clientId: "customer-client" }, clientSecretHint: "…1234" },
      },
    });
    expect(JSON.stringify(put.body)).not.toContain("customer-secret");
    const selected = await world.call("PUT", "/oauth-apps/idp/state", { headers, body: { state: "byok" } });
    expect(selected).toMatchObject({ status: 200, body: { state: "byok" } });
    const { workerRef } = await world.createWorker();
    // The customer's app also serves calendar, which the service itself has no app for.
    const started = await start(workerRef, "calendar");
    expect(started.status).toBe(201);
    const { atProvider, location } = await follow(started.body.authorize_url);
    expect(atProvider.searchParams.get("client_id")).toBe("customer-client");
    expect(new URL(location!).searchParams.get("status")).toBe("connected");
    expect(await db().workerConnection.findFirstOrThrow({ where: { workerId: workerRef } })).toMatchObject({
      provider: "calendar",
      appSource: "byok",
      preset: "generic",
    });
    expect((await world.call("PUT", "/oauth-apps/idp/state", { headers, body: { state: "managed" } })).body.state).toBe(
      "managed",
    );
  });
});
