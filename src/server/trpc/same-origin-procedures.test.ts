import { describe, expect, it } from "vitest";
import { cookieHeaders, createApiKeyFor, memberOfNewOrg } from "../../../test/factories";
import { db } from "@/server/db/client";
import { publicBaseUrl } from "@/server/env";
import { appRouter } from "@/server/routers/root";
import { createContext } from "./context";
import { handleOpenApiRequest } from "./openapi-handler";

/** The CSRF rule (auth/same-origin.ts) as every cookie flavour of procedures.ts applies it. */
const OWN = new URL(publicBaseUrl()).origin;
const EVIL = "https://evil.example";

/** A cookie request to the machine API, as the route handler serves it. */
async function postWithCookie(path: string, cookie: Headers, extra: Record<string, string>) {
  const headers = new Headers(cookie);
  headers.set("content-type", "application/json");
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  const response = await handleOpenApiRequest(
    new Request(`${OWN}/api/v1${path}`, { method: "POST", headers, body: "{}" }),
    "v1",
  );
  return { status: response.status, body: await response.json() };
}

async function consoleCaller(cookie: Headers, extra: Record<string, string>) {
  const headers = new Headers(cookie);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return appRouter.createCaller(createContext(new Request(`${OWN}/api/trpc`, { method: "POST", headers }), "console"));
}

describe("cookie-authenticated changes from another site", () => {
  it("POST /api/v1/auth/token with the cookie and a foreign Origin or cross-site fetch is 403 and mints nothing", async () => {
    const { organization, user } = await memberOfNewOrg("MEMBER");
    const cookie = await cookieHeaders(user.id, organization.id);
    const forged: Array<Record<string, string>> = [{ origin: EVIL }, { "sec-fetch-site": "cross-site" }];
    for (const extra of forged) {
      const refused = await postWithCookie("/auth/token", cookie, extra);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe("FORBIDDEN");
      expect(refused.body.error.message).toMatch(/refused/);
    }
    expect(await db().accessToken.count({ where: { userId: user.id } })).toBe(0);

    const own = await postWithCookie("/auth/token", cookie, { origin: OWN, "sec-fetch-site": "same-origin" });
    expect(own.status).toBe(200);
    expect(own.body.token).toMatch(/^yku_/);
    expect(await db().accessToken.count({ where: { userId: user.id } })).toBe(1);
  });

  it("a console tRPC mutation from a foreign origin is refused; from the console it runs", async () => {
    const { organization, user } = await memberOfNewOrg("MEMBER");
    const cookie = await cookieHeaders(user.id, organization.id);
    const foreign = await consoleCaller(cookie, { origin: EVIL });
    await expect(foreign.apiKeys.create({ name: "forged" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    // Reading is not a change: queries are not checked (the browser cannot read a foreign answer).
    await expect(foreign.apiKeys.list()).resolves.toBeDefined();
    expect(await db().apiKey.count({ where: { userId: user.id } })).toBe(0);

    const own = await consoleCaller(cookie, { origin: OWN, "sec-fetch-site": "same-origin" });
    await expect(own.apiKeys.create({ name: "mine" })).resolves.toMatchObject({ apiKey: { name: "mine" } });
  });

  it("bearer-authenticated machine calls are not affected by Origin", async () => {
    const { organization, user } = await memberOfNewOrg("OWNER");
    const { token } = await createApiKeyFor(user.id, organization.id);
    const headers = new Headers({
      authorization: `Bearer ${token}`,
      origin: EVIL,
      "sec-fetch-site": "cross-site",
      "content-type": "application/json",
    });
    const body = JSON.stringify({ kind: "org", name: "From a script" });
    const response = await handleOpenApiRequest(
      new Request(`${OWN}/api/v1/authoring/knowledge-modules`, { method: "POST", headers, body }),
      "v1",
    );
    expect(response.status).toBe(201);
  });
});
