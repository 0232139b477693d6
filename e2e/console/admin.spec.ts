import { expect, test } from "@playwright/test";
import { world } from "../support/world";
import { rowNamed, useFixtureSession } from "./helpers";

test.describe("Admin (instance operators)", () => {
  test("a person who is not an operator sees no Admin link and a plain 404 at /admin", async ({
    context,
    page,
    baseURL,
  }) => {
    await useFixtureSession(context, world().orgs.acme.users.owner, baseURL!);
    await page.goto("/");
    await expect(
      page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Overview" }),
    ).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Admin" })).toHaveCount(0);
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Admin" })).toHaveCount(0);
  });

  test("an operator sets up a platform: key shown once, app, template, release, provisioning template, suspension", async ({
    context,
    page,
    baseURL,
  }) => {
    const operator = world().instanceOperator;
    await useFixtureSession(context, operator, baseURL!);
    const suffix = Date.now().toString(36);
    const platformName = `E2E platform ${suffix}`;

    await page.goto("/");
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Admin" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin" })).toBeVisible();

    // Create the platform: the console opens its page.
    await page.getByLabel("Platform name").fill(platformName);
    await page.getByLabel("Customer quota").fill("5");
    await page.getByRole("button", { name: "Create platform" }).click();
    await expect(page).toHaveURL(/\/admin\/platforms\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: platformName })).toBeVisible();
    await expect(page.getByTestId("quota-state")).toContainText("0 of 5 customers used");
    await expect(page.getByTestId("grant-state")).toContainText("may create customers");

    // A key: the whole secret once, with a copy button, then only its prefix.
    await page.getByLabel("Key name").fill("Production");
    await page.getByRole("button", { name: "Issue key" }).click();
    const panel = page.getByTestId("new-partner-key");
    await expect(panel).toContainText("will not be shown again");
    const secret = (await panel.getByLabel("New partner key").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^ykp_[0-9A-Za-z]+$/);
    await expect(panel.getByRole("button", { name: "Copy" })).toBeVisible();
    const keyRow = rowNamed(page, "Partner keys", "Production");
    await expect(keyRow).toContainText("Active");
    await expect(keyRow).toContainText("Never");
    const prefix = (await keyRow.locator("code").textContent())?.replace("…", "") ?? "";
    expect(secret.startsWith(prefix)).toBe(true);
    await panel.getByRole("button", { name: "Done" }).click();
    await expect(panel).toHaveCount(0);
    await page.reload();
    await expect(keyRow).toHaveCount(1);
    await expect(page.getByText(secret)).toHaveCount(0);

    // An app: its id is the appId leases are minted for.
    await page.getByLabel("App name").fill("Storefront");
    await page.getByRole("button", { name: "Create app" }).click();
    const appRow = rowNamed(page, "Apps", "Storefront");
    await expect(appRow.getByTestId("app-id")).toHaveText(/^[0-9a-f-]{36}$/);
    await expect(appRow.getByRole("button", { name: "Copy id" })).toBeVisible();

    // A template from the acme organization, then its first release.
    const templateName = `Acme starter ${suffix}`;
    await page.getByLabel("Template name").fill(templateName);
    await page.getByLabel("Source organization").selectOption(world().orgs.acme.id);
    await page.getByRole("button", { name: "Create template" }).click();
    const templateRow = rowNamed(page, "Templates", templateName);
    await expect(templateRow).toContainText("No release yet");
    await templateRow.getByRole("button", { name: `Publish a release of ${templateName}` }).click();
    const publishForm = page.getByRole("form", { name: `Publish a release of ${templateName}` });
    await expect(publishForm.getByLabel("Primary domain")).toHaveValue(world().orgs.acme.domains.ops.id);
    await expect(publishForm.getByRole("checkbox").first()).toBeChecked();
    await publishForm.getByRole("button", { name: "Publish release" }).click();
    await expect(publishForm).toHaveCount(0);
    await expect(templateRow.getByRole("list", { name: `Releases of ${templateName}` })).toContainText(
      /v1 · \d+ automations/,
    );

    // Provision with it.
    await templateRow.getByRole("button", { name: `Provision with ${templateName}` }).click();
    await expect(templateRow).toContainText("Provisioning template");
    await expect(page.getByText(`New customers get the latest release of “${templateName}”.`)).toBeVisible();

    // Suspend and reactivate the platform.
    await page.getByRole("button", { name: "Suspend platform" }).click();
    await expect(page.getByRole("button", { name: "Reactivate platform" })).toBeVisible();
    await expect(page.getByText("Suspended: every partner route refuses")).toBeVisible();
    await page.getByRole("button", { name: "Reactivate platform" }).click();
    await expect(page.getByRole("button", { name: "Suspend platform" })).toBeVisible();

    // The list shows it with its quota.
    await page.getByRole("link", { name: "Partner platforms" }).first().click();
    const listed = rowNamed(page, "Partner platforms", platformName);
    await expect(listed).toContainText("Active");
    await expect(listed).toContainText("0 / 5");
  });

  test("the fixture platform's customers, a refused quota, and operators who cannot remove themselves", async ({
    context,
    page,
    baseURL,
  }) => {
    const operator = world().instanceOperator;
    await useFixtureSession(context, operator, baseURL!);
    await page.goto(`/admin/platforms/${world().partner.platformId}`);
    const customer = rowNamed(page, "Customers", "Follower Ltd");
    await expect(customer).toContainText("Onboarded");

    const quota = page.getByLabel("Customer quota");
    // The fixture follower (and any other spec's) was provisioned through the route: quota is spent.
    await quota.fill("0");
    await page.getByRole("button", { name: "Save quota" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /cannot go below \d+/ })).toBeVisible();

    await page.goto("/admin/operators");
    const me = rowNamed(page, "Operators", operator.email);
    await expect(me).toContainText("You");
    await expect(me.getByRole("button", { name: /Remove/ })).toHaveCount(0);
  });
});
