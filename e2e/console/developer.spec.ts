import { expect, test } from "@playwright/test";
import { bearer, world } from "../support/world";
import { useFixtureSession } from "./helpers";

test.describe("developer page", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await useFixtureSession(context, world().orgs.acme.users.owner, baseURL!);
  });

  test("mints an access token that works against the API", async ({ page, request, baseURL }) => {
    await page.goto("/developer");
    await page.getByRole("button", { name: "Mint access token" }).click();

    const minted = page.getByTestId("minted-token");
    const token = (await minted.getByLabel("Access token").textContent())?.trim() ?? "";
    expect(token).toMatch(/^yku_[0-9A-Za-z]{52}$/);
    await expect(minted).toContainText("in 60 minutes");
    await expect(minted.getByRole("button", { name: "Copy" })).toBeVisible();
    await expect(page.getByLabel("curl example")).toHaveText(
      `curl -H "Authorization: Bearer ${token}" ${baseURL}/api/v1/auth/whoami`,
    );

    const response = await request.get("/api/v1/auth/whoami", { headers: bearer(token) });
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.credential.kind).toBe("user_token");
    expect(body.organization.id).toBe(world().orgs.acme.id);
  });

  test("shows the API's message when minting is refused", async ({ page, context }) => {
    // next-auth re-issues the cookie when the page loads its session; end it after that.
    const sessionLoaded = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/auth/session");
    await page.goto("/developer");
    await sessionLoaded;
    // The session ends while the page is open: the service answers 401 with its envelope.
    await context.clearCookies();
    await page.getByRole("button", { name: "Mint access token" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Sign in to the console first");
    await expect(page.getByTestId("minted-token")).toHaveCount(0);
  });
});
