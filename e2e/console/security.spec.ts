import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { cookieHeader, world } from "../support/world";
import { useFixtureSession } from "./helpers";

// The browser side of issue 14 (docs/security.md), against the running service.
const EVIL = "https://evil.example";

async function expectForbidden(response: APIResponse): Promise<string> {
  expect(response.status()).toBe(403);
  const body = await response.json();
  expect(JSON.stringify(body)).not.toContain("yku_");
  return body.error?.code ?? body.error?.data?.appError?.code;
}

test.describe("cookie changes from another site", () => {
  const owner = () => world().orgs.acme.users.owner;

  test("the token route refuses a foreign Origin or a cross-site fetch with the cookie, and mints from the console's own origin", async ({
    request,
    baseURL,
  }) => {
    const forged: Array<Record<string, string>> = [
      { origin: EVIL },
      { "sec-fetch-site": "cross-site" },
      { origin: "null" },
    ];
    for (const headers of forged) {
      const response = await request.post("/api/v1/auth/token", { headers: { ...cookieHeader(owner()), ...headers } });
      expect(await expectForbidden(response)).toBe("FORBIDDEN");
    }
    const refused = await request.post("/api/v1/auth/token", { headers: { ...cookieHeader(owner()), origin: EVIL } });
    expect((await refused.json()).error.message).toContain("not from this service's own pages");

    const own = await request.post("/api/v1/auth/token", {
      headers: { ...cookieHeader(owner()), origin: baseURL!, "sec-fetch-site": "same-origin" },
    });
    expect(own.status()).toBe(200);
    expect((await own.json()).token).toMatch(/^yku_/);
  });

  test("a console tRPC mutation from a foreign origin is refused; the same call from the console's origin runs", async ({
    request,
    baseURL,
  }) => {
    const name = `csrf-${randomUUID().slice(0, 8)}`;
    const post = (headers: Record<string, string>) =>
      request.post("/api/trpc/apiKeys.create", {
        headers: { ...cookieHeader(owner()), "content-type": "application/json", ...headers },
        data: { name },
      });
    const foreign = await post({ origin: EVIL });
    expect(foreign.status()).toBe(403);
    expect((await foreign.json()).error.data.appError.code).toBe("FORBIDDEN");
    expect((await post({ "sec-fetch-site": "cross-site" })).status()).toBe(403);

    const listed = async () =>
      JSON.stringify(await (await request.get("/api/trpc/apiKeys.list", { headers: cookieHeader(owner()) })).json());
    expect(await listed()).not.toContain(name);
    const own = await post({ origin: baseURL! });
    expect(own.status()).toBe(200);
    expect(await listed()).toContain(name);
  });

  test("a bearer call is not affected by Origin", async ({ request }) => {
    const response = await request.get("/api/v1/auth/whoami", {
      headers: { authorization: `Bearer ${owner().apiKey}`, origin: EVIL },
    });
    expect(response.status()).toBe(200);
    // A change with a key from anywhere reaches its own checks (here the body's), not the origin rule.
    const change = await request.post("/api/v1/authoring/knowledge-modules", {
      headers: { authorization: `Bearer ${owner().apiKey}`, origin: EVIL, "sec-fetch-site": "cross-site" },
      data: { kind: "org" },
    });
    expect(change.status()).toBe(400);
    expect((await change.json()).error.code).toBe("VALIDATION");
  });

  test("the console itself still changes things: minting a token from the developer page", async ({
    page,
    context,
    baseURL,
  }) => {
    await useFixtureSession(context, owner(), baseURL!);
    await page.goto("/developer");
    await page.getByRole("button", { name: "Mint access token" }).click();
    await expect(page.getByTestId("minted-token").getByLabel("Access token")).toHaveText(/^yku_/);
  });
});

test.describe("security headers", () => {
  test("pages carry a nonce CSP that forbids framing, plus nosniff, a referrer policy and X-Frame-Options", async ({
    request,
  }) => {
    const nonces = new Set<string>();
    for (let round = 0; round < 2; round++) {
      const response = await request.get("/signin");
      expect(response.status()).toBe(200);
      const headers = response.headers();
      const csp = headers["content-security-policy"] ?? "";
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      nonces.add(nonce!);
      for (const directive of ["'strict-dynamic'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"])
        expect(csp).toContain(directive);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      // Next puts the response's nonce on the scripts it renders.
      expect(await response.text()).toContain(`nonce="${nonce}"`);
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      // Served over plain http here: no HSTS (browsers ignore it over http anyway).
      expect(headers["strict-transport-security"]).toBeUndefined();
    }
    expect(nonces.size).toBe(2);
  });

  test("API responses carry nosniff and the referrer policy too", async ({ request }) => {
    const response = await request.get("/api/v1/openapi.json");
    const headers = response.headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  test("console pages and the API reference run under the policy without violations", async ({
    page,
    context,
    baseURL,
  }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /Content Security Policy/i.test(message.text()))
        violations.push(message.text());
    });
    await useFixtureSession(context, world().orgs.acme.users.owner, baseURL!);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    for (const reference of ["/reference/v1", "/api-docs/v1"]) {
      await page.goto(reference);
      await expect(page.getByRole("heading", { name: "Mint a short-lived user access token" })).toBeVisible({
        timeout: 30_000,
      });
    }
    expect(violations).toEqual([]);
  });

  test("another site cannot frame a console page", async ({ page, baseURL }) => {
    // Another origin on this machine (its own port) whose page frames the sign-in page, and a
    // page of its own as a control that framing works at all.
    const framer = createServer((req, res) => {
      res.setHeader("content-type", "text/html");
      if (req.url === "/inner") return res.end("<h1>Framed fine</h1>");
      res.end(
        `<!doctype html><title>framer</title><iframe id="victim" src="${baseURL}/signin"></iframe><iframe id="control" src="/inner"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => framer.listen(0, "127.0.0.1", resolve));
    const framerOrigin = `http://localhost:${(framer.address() as AddressInfo).port}`;
    try {
      const framed = page.waitForResponse((response) => response.url() === `${baseURL}/signin`);
      await page.goto(`${framerOrigin}/`);
      expect((await framed).headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
      await expect(page.frameLocator("#control").getByRole("heading", { name: "Framed fine" })).toBeVisible();
      // Chrome replaces a frame its ancestors may not show with its own error page.
      await expect
        .poll(
          () =>
            page
              .frames()
              .find((frame) => frame.parentFrame() && !frame.url().startsWith(framerOrigin))
              ?.url() ?? "",
        )
        .toMatch(/^chrome-error:/);
      await expect(page.frameLocator("#victim").getByRole("heading", { name: "Sign in" })).toHaveCount(0);
    } finally {
      await new Promise<void>((resolve) => framer.close(() => resolve()));
    }
  });
});

/** One credentials sign-in over HTTP, the way the form posts it; what next-auth answers. */
async function postSignIn(request: APIRequestContext, email: string, password: string, address: string) {
  const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
  const response = await request.post("/api/auth/callback/credentials", {
    headers: { "x-forwarded-for": address },
    form: { csrfToken, email, password, json: "true" },
  });
  return { status: response.status(), body: await response.text() };
}

// Each test counts from addresses of its own (the service reads the first X-Forwarded-For hop),
// so the run's other sign-ins from 127.0.0.1 never share these counters.
const address = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}, 127.0.0.1`;

test.describe("sign-in limits", () => {
  test("an unknown email and a wrong password get byte-identical answers", async ({ request }) => {
    const owner = world().orgs.acme.users.owner;
    const from = address();
    const wrongPassword = await postSignIn(request, owner.email, `${owner.password}-wrong`, from);
    const unknownEmail = await postSignIn(request, `nobody-${randomUUID()}@example.test`, owner.password, from);
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail).toEqual(wrongPassword);
  });

  test("after 10 failed attempts on one email, even an unknown one, the form says to wait", async ({
    page,
    request,
  }) => {
    const email = `nobody-${randomUUID()}@example.test`;
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await postSignIn(request, email, "wrong password", address())).status).toBe(401);

    await page.goto("/signin");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("form").getByRole("alert")).toHaveText(
      /^Too many sign-in attempts; try again in 1[45] minutes\.$/,
    );
    await expect(page).toHaveURL(/\/signin$/);
  });

  test("one client address is limited after 100 failures across emails; another address is not", async ({
    request,
  }) => {
    const from = address();
    for (let attempt = 0; attempt < 100; attempt++) {
      expect((await postSignIn(request, `nobody-${randomUUID()}@example.test`, "wrong password", from)).status).toBe(
        401,
      );
    }
    const owner = world().orgs.acme.users.operator;
    const limited = await postSignIn(request, owner.email, owner.password, from);
    expect(limited.status).toBe(401);
    expect(decodeURIComponent(limited.body)).toContain("Too many sign-in attempts; try again in");
    const elsewhere = await postSignIn(
      request,
      owner.email,
      owner.password,
      `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
    );
    expect(elsewhere.status).toBe(200);
  });
});
