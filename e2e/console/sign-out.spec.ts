import { expect, test } from "@playwright/test";
import { world } from "../support/world";
import { expectOverview, signInWithForm } from "./helpers";

test("signing out returns to /signin and closes the console", async ({ page }) => {
  await signInWithForm(page, world().orgs.acme.users.owner);
  await expectOverview(page);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  expect((await page.context().cookies()).some((cookie) => cookie.name === "service_session")).toBe(false);

  await page.goto("/");
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});
