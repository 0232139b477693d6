import { OAuth2Server } from "oauth2-mock-server";
import { expect } from "vitest";
import { GET as connectGET } from "../src/app/connect/[token]/route";
import { GET as callbackGET } from "../src/app/oauth/callback/route";
import { env } from "../src/server/env";
import type { TAssistantResponse } from "./assistant-kit";

/**
 * A real OAuth provider for connection tests (oauth2-mock-server, reached over HTTP) configured
 * as the service's own generic app for mail, plus helpers that follow a connect link like a
 * browser: our link route, the provider's authorize endpoint, our callback route.
 */
export async function startOAuthProvider(o: { apiBaseUrl?: string } = {}) {
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  const issuer = provider.issuer.url!;
  const saved = { ...env };
  Object.assign(env, {
    OAUTH_MAIL_PRESET: "generic",
    OAUTH_MAIL_CLIENT_ID: "service-mail-client",
    OAUTH_MAIL_CLIENT_SECRET: "service-mail-secret",
    OAUTH_CALENDAR_CLIENT_ID: undefined,
    OAUTH_GENERIC_ISSUER: issuer,
    OAUTH_GENERIC_AUTHORIZATION_URL: `${issuer}/authorize`,
    OAUTH_GENERIC_TOKEN_URL: `${issuer}/token`,
    OAUTH_GENERIC_REVOCATION_URL: `${issuer}/revoke`,
    OAUTH_GENERIC_SCOPES_MAIL: "mail.send mail.modify",
    OAUTH_GENERIC_SCOPES_CALENDAR: "calendar.events",
    OAUTH_GENERIC_API_BASE_URL: o.apiBaseUrl ?? "https://mail-api.example/v1",
  });
  /** Fresh listeners per test: the mock signs identical claims within one second, a jti makes every token distinct. */
  const reset = () => {
    provider.service.removeAllListeners();
    provider.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
      token.payload.jti = crypto.randomUUID();
    });
  };
  reset();
  const stop = async () => {
    Object.assign(env, saved);
    await provider.stop();
  };
  return { provider, issuer, reset, stop };
}

export const openLink = (authorizeUrl: string) => {
  const token = new URL(authorizeUrl).pathname.split("/").pop()!;
  return connectGET(new Request(authorizeUrl), { params: Promise.resolve({ token }) });
};

/** Follows a connect link like a browser: our link, the provider's authorize endpoint, our callback. */
export async function followLink(authorizeUrl: string) {
  const linked = await openLink(authorizeUrl);
  expect(linked.status).toBe(302);
  const atProvider = linked.headers.get("location")!;
  const consented = await fetch(atProvider, { redirect: "manual" });
  expect(consented.status).toBe(302);
  const callback = consented.headers.get("location")!;
  expect(callback.startsWith("http://127.0.0.1:3000/oauth/callback?")).toBe(true);
  const done = await callbackGET(new Request(callback));
  return { atProvider: new URL(atProvider), done, location: done.headers.get("location") };
}

type TCall = (method: string, path: string, o?: { body?: unknown }) => Promise<TAssistantResponse>;

/** Starts a link for the worker and follows it to the end: the worker's connection for `provider`. */
export async function connectWorker(call: TCall, workerRef: string, returnTo: string, provider = "mail") {
  const started = await call("POST", `/workers/${workerRef}/connections/${provider}/start`, {
    body: { return_to: returnTo },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const { location } = await followLink(started.body.authorize_url);
  const back = new URL(location!);
  expect(back.searchParams.get("status")).toBe("connected");
  return { connectionId: back.searchParams.get("connectionId")! };
}
