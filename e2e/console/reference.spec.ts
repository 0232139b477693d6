import { expect, test } from "@playwright/test";
import { world } from "../support/world";
import { useFixtureSession } from "./helpers";

test.describe("API reference", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await useFixtureSession(context, world().orgs.acme.users.owner, baseURL!);
  });

  test("renders the customer API from its openapi.json without calling other hosts", async ({ page, baseURL }) => {
    const foreign: string[] = [];
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(baseURL!) && !url.startsWith("data:") && !url.startsWith("blob:")) foreign.push(url);
    });

    await page.goto("/reference/v1");
    // Scalar is a large client-side bundle; give its first render more than the default.
    await expect(page.getByRole("heading", { name: "Mint a short-lived user access token" })).toBeVisible({
      timeout: 30_000,
    });
    // Scalar renders operations lazily as they come into view: open this one from its sidebar.
    await page
      .getByRole("link", { name: "Who a credential acts as" })
      .or(page.getByText("Who a credential acts as", { exact: true }))
      .first()
      .click();
    await expect(page.getByRole("heading", { name: "Who a credential acts as" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Test Request/i })).toHaveCount(0);
    expect(foreign).toEqual([]);
  });

  test("uses the whole width beside the navigation on a wide screen", async ({ page }) => {
    await page.setViewportSize({ width: 1800, height: 900 });
    await page.goto("/reference/v1");
    await expect(page.getByRole("heading", { name: "Mint a short-lived user access token" })).toBeVisible({
      timeout: 30_000,
    });
    const frame = await page.locator(`[data-layout="full-width"]`).boundingBox();
    // Other pages stop at the shell's 1200 px reading width.
    expect(frame!.width).toBeGreaterThan(1300);
  });

  test("switches to the partner API document", async ({ page }) => {
    await page.goto("/reference/v1");
    // Click only once the page is hydrated and Scalar has rendered: under CI load a click during
    // hydration can be swallowed, and the client navigation waits for Scalar's bundle.
    await expect(page.getByRole("heading", { name: "Mint a short-lived user access token" })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole("link", { name: /Partner API/ }).click();
    await expect(page).toHaveURL(/\/reference\/partner$/, { timeout: 30_000 });
    await expect(page.getByRole("heading", { name: "Agent Automation Service: partner API" })).toBeVisible({
      timeout: 30_000,
    });
  });
});

test.describe("public API reference", () => {
  test("renders both documents without a console account, and the console links to it", async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto("/api-docs/v1");
    await expect(page).toHaveURL(/\/api-docs\/v1$/);
    await expect(page.getByRole("heading", { name: "Mint a short-lived user access token" })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole("link", { name: /Partner API/ }).click();
    await expect(page).toHaveURL(/\/api-docs\/partner$/, { timeout: 30_000 });
    await expect(page.getByRole("heading", { name: "Agent Automation Service: partner API" })).toBeVisible({
      timeout: 30_000,
    });
    expect((await page.goto("/api-docs/v2"))?.status()).toBe(404);

    await useFixtureSession(context, world().orgs.acme.users.owner, baseURL!);
    await page.goto("/reference/v1");
    await expect(page.getByRole("link", { name: "Public link for developers" })).toHaveAttribute(
      "href",
      "/api-docs/v1",
    );
  });
});
