import { expect, test } from "@playwright/test";
import { world } from "../support/world";
import { useFixtureSession } from "./helpers";

// Limits set here are far above zero, and globex's usage in e2e is zero tokens (builtin models),
// so no concurrent spec's turn can be refused by them; the test clears them again at the end.
test.describe("Model budget", () => {
  test("an Owner sets, sees and clears the monthly limits", async ({ page, context, baseURL }) => {
    await useFixtureSession(context, world().orgs.globex.users.owner, baseURL!);
    await page.goto("/settings/budget");
    await expect(page.getByRole("heading", { name: "Model budget" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Usage in / })).toBeVisible();

    const tokens = page.getByLabel("Token limit");
    const cost = page.getByLabel("Cost limit (USD)");
    await tokens.fill("lots");
    await page.getByRole("button", { name: "Save limits" }).click();
    await expect(page.getByText("Enter a whole number of tokens")).toBeVisible();
    await expect(tokens).toHaveAttribute("aria-invalid", "true");

    await tokens.fill("250,000");
    await cost.fill("12.5");
    await page.getByRole("button", { name: "Save limits" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Limits saved" })).toContainText("250,000");
    await expect(page.getByText("of 250,000")).toBeVisible();
    await expect(page.getByText("of $12.50")).toBeVisible();

    await page.reload();
    await expect(tokens).toHaveValue("250000");
    await expect(cost).toHaveValue("12.5");

    await tokens.fill("");
    await cost.fill("");
    await page.getByRole("button", { name: "Save limits" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Limits saved" })).toContainText("unlimited");
    await expect(page.getByText("of unlimited")).toHaveCount(2);
  });

  test("a Member sees usage and limits read-only", async ({ page, context, baseURL }) => {
    await useFixtureSession(context, world().orgs.acme.users.viewer, baseURL!);
    await page.goto("/settings/budget");
    await expect(page.getByRole("heading", { name: /^Usage in / })).toBeVisible();
    await expect(page.getByText("Only organization Owners and Admins can change these.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save limits" })).toHaveCount(0);
    await expect(page.getByLabel("Token limit")).toHaveCount(0);
  });
});
