import { expect, test } from "@playwright/test";
import { world } from "../support/world";
import { expectOverview, rowNamed, signInWithForm } from "./helpers";

test.describe("organizations", () => {
  test("a member of two organizations chooses one after sign-in", async ({ page }) => {
    const multiOrg = world().orgs.acme.users.multiOrg;
    await signInWithForm(page, multiOrg);

    await expect(page).toHaveURL(/\/orgs$/);
    await expect(page.getByRole("heading", { name: "Choose an organization" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Globex/ })).toContainText("Member");
    await page.getByRole("button", { name: /Acme/ }).click();

    await expectOverview(page);
    await expect(page.getByLabel("Organization")).toHaveValue(world().orgs.acme.id);
    // multiOrg belongs to Acme but to none of its domains.
    for (const domain of ["Ops", "Sales"]) {
      await expect(rowNamed(page, "Domains", domain).getByText(/not a member/i)).toBeVisible();
    }
  });

  test("the top bar switches to another organization", async ({ page }) => {
    const multiOrg = world().orgs.acme.users.multiOrg;
    await signInWithForm(page, multiOrg);
    await page.getByRole("button", { name: /Acme/ }).click();
    await expect(rowNamed(page, "Domains", "Ops")).toHaveCount(1);

    await page.getByLabel("Organization").selectOption({ label: "Globex" });

    await expect(page.getByLabel("Organization")).toHaveValue(world().orgs.globex.id);
    await expect(rowNamed(page, "Domains", "Main")).toHaveCount(1);
    await expect(rowNamed(page, "Domains", "Ops")).toHaveCount(0);
  });
});
