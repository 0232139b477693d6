import { expect, test } from "@playwright/test";
import { world } from "../support/world";
import { expectOverview, rowNamed, signInWithForm } from "./helpers";

test.describe("sign-in", () => {
  test("a signed-out visitor is sent to /signin", async ({ page }) => {
    await page.goto("/settings/api-keys");
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  });

  test("the acme owner signs in and sees the domains with their role", async ({ page }) => {
    const owner = world().orgs.acme.users.owner;
    await signInWithForm(page, owner);

    await expectOverview(page);
    await expect(page.getByLabel("Organization")).toHaveValue(world().orgs.acme.id);
    await expect(page.getByLabel("Organization").locator("option:checked")).toHaveText("Acme");
    await expect(page.getByTestId("user-email")).toHaveText(owner.email);
    for (const domain of ["Ops", "Sales"]) {
      const row = rowNamed(page, "Domains", domain);
      await expect(row).toHaveCount(1);
      await expect(row.getByText("Owner", { exact: true })).toBeVisible();
    }
  });

  test("empty fields get a message each and nothing is sent", async ({ page }) => {
    await page.goto("/signin");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Enter your email", { exact: true })).toBeVisible();
    await expect(page.getByText("Enter your password", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Email")).toBeFocused();
    await expect(page).toHaveURL(/\/signin$/);
  });

  test("a wrong password says so and stays on the form", async ({ page }) => {
    const owner = world().orgs.acme.users.owner;
    await signInWithForm(page, { ...owner, password: `${owner.password}-wrong` });
    await expect(page.locator("form").getByRole("alert")).toHaveText("Email or password is incorrect");
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  });
});
