import { expect, type APIRequestContext, type APIResponse } from "@playwright/test";
import { bearer, cookieHeader, world, type TWorldUser } from "./world";

/** Asserts the standard envelope with the given status and code, and returns its error. */
export async function expectError(response: APIResponse, status: number, code: string) {
  expect(response.status(), await response.text()).toBe(status);
  const body = (await response.json()) as {
    error: { code: string; message: string; details?: Record<string, unknown> };
  };
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error;
}

export async function expectStatus(response: APIResponse, status: number) {
  expect(response.status(), await response.text()).toBe(status);
  return response.status() === 204 ? null : await response.json();
}

/** Mints a yku_ token for a user through the cookie route, as the console does. */
export async function mintUserToken(request: APIRequestContext, user: TWorldUser): Promise<string> {
  const response = await request.post("/api/v1/auth/token", { headers: cookieHeader(user) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The two credentials the authoring routes accept, for tests that run under both. */
export async function authoringCredentials(request: APIRequestContext, user: TWorldUser) {
  return { yk: bearer(user.apiKey), yku: bearer(await mintUserToken(request, user)) };
}

export const acme = () => world().orgs.acme;
export const globex = () => world().orgs.globex;
export const repeat = (length: number, char = "a") => char.repeat(length);
