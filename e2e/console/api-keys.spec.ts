import { expect, test } from "@playwright/test";
import { bearer, world } from "../support/world";
import { rowNamed, useFixtureSession } from "./helpers";

test.describe("API keys", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await useFixtureSession(context, world().orgs.acme.users.owner, baseURL!);
  });

  test("the name is required and limited to 100 characters", async ({ page }) => {
    await page.goto("/settings/api-keys");
    const name = page.getByLabel("Key name");
    await page.getByRole("button", { name: "Create key" }).click();
    await expect(page.getByText("Key name must not be blank")).toBeVisible();
    await expect(name).toHaveAttribute("aria-invalid", "true");

    await name.fill("x".repeat(101));
    await page.getByRole("button", { name: "Create key" }).click();
    await expect(page.getByText("Key name must be at most 100 characters")).toBeVisible();
    await expect(page.getByTestId("new-secret")).toHaveCount(0);
  });

  test("a new key is shown once, works, and stops working when revoked", async ({ page, request }) => {
    const keyName = `e2e key ${Date.now()}`;
    await page.goto("/settings/api-keys");
    await page.getByLabel("Key name").fill(keyName);
    await page.getByRole("button", { name: "Create key" }).click();

    const panel = page.getByTestId("new-secret");
    await expect(panel).toContainText("will not be shown again");
    const secret = (await panel.getByLabel("New API key").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^yk_[0-9A-Za-z]{52}$/);
    await expect(panel.getByRole("button", { name: "Copy" })).toBeVisible();

    const row = rowNamed(page, "API keys", keyName);
    await expect(row).toContainText(`${secret.slice(0, 15)}…`);
    await expect(row).toContainText("Active");
    await expect(row).toContainText("Never");

    const works = await request.get("/api/v1/auth/whoami", { headers: bearer(secret) });
    expect(works.status()).toBe(200);
    expect((await works.json()).user.email).toBe(world().orgs.acme.users.owner.email);

    // Once dismissed, the secret is gone from the page for good.
    await panel.getByRole("button", { name: "Done" }).click();
    await expect(panel).toHaveCount(0);
    await page.reload();
    await expect(row).toHaveCount(1);
    await expect(page.getByText(secret)).toHaveCount(0);

    await row.getByRole("button", { name: `Revoke ${keyName}` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("cannot be undone");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Active");

    await row.getByRole("button", { name: `Revoke ${keyName}` }).click();
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Revoked");
    await expect(row.getByRole("button", { name: /Revoke/ })).toHaveCount(0);

    const refused = await request.get("/api/v1/auth/whoami", { headers: bearer(secret) });
    expect(refused.status()).toBe(404);
  });
});
