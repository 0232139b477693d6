import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { world } from "../support/world";
import { rowNamed, useFixtureSession } from "./helpers";

const acme = () => world().orgs.acme;

test.describe("Audit log", () => {
  test("an Owner's key creation and revocation are logged; the kind filter survives a reload", async ({
    context,
    page,
    baseURL,
  }) => {
    await useFixtureSession(context, acme().users.owner, baseURL!);
    const keyName = `audited key ${Date.now()}`;
    await page.goto("/settings/api-keys");
    await page.getByLabel("Key name").fill(keyName);
    await page.getByRole("button", { name: "Create key" }).click();
    const secret = (await page.getByTestId("new-secret").getByLabel("New API key").textContent())?.trim() ?? "";
    await page.getByTestId("new-secret").getByRole("button", { name: "Done" }).click();
    const keyRow = rowNamed(page, "API keys", keyName);
    await keyRow.getByRole("button", { name: `Revoke ${keyName}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
    await expect(keyRow).toContainText("Revoked");

    await page.goto("/settings/audit");
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    const log = page.getByRole("table", { name: "Audit log" });
    const created = log.getByRole("row").filter({ hasText: `Created the API key "${keyName}"` });
    const revoked = log.getByRole("row").filter({ hasText: `Revoked the API key "${keyName}"` });
    await expect(created).toContainText(acme().users.owner.email);
    await expect(revoked).toContainText(acme().users.owner.email);
    // Newest first: the revocation is above the creation.
    const rows = await log.getByRole("row").allTextContents();
    const revokedAt = rows.findIndex((text) => text.includes(`Revoked the API key "${keyName}"`));
    const createdAt = rows.findIndex((text) => text.includes(`Created the API key "${keyName}"`));
    expect(revokedAt).toBeLessThan(createdAt);
    expect(secret.length).toBeGreaterThan(10);
    await expect(page.getByText(secret)).toHaveCount(0);

    await page.getByLabel("Kind").selectOption("api_key.revoked");
    await expect(page).toHaveURL(/[?&]kind=api_key\.revoked/);
    await expect(created).toHaveCount(0);
    await expect(revoked).toHaveCount(1);
    await page.reload();
    await expect(page.getByLabel("Kind")).toHaveValue("api_key.revoked");
    await expect(revoked).toHaveCount(1);
    await expect(created).toHaveCount(0);

    await page.getByLabel("Person").selectOption("service");
    await expect(page).toHaveURL(/[?&]actor=service/);
    await expect(revoked).toHaveCount(0);
  });

  test("a Member (acme's viewer) sees no log", async ({ context, page, baseURL }) => {
    await useFixtureSession(context, acme().users.viewer, baseURL!);
    await page.goto("/settings/audit");
    await expect(page.getByText("Only Owners and Admins can see the audit log")).toBeVisible();
    await expect(page.getByRole("table", { name: "Audit log" })).toHaveCount(0);
  });

  test("the audit log page has no serious accessibility violations", async ({ context, page, baseURL }) => {
    await useFixtureSession(context, acme().users.owner, baseURL!);
    await page.goto("/settings/audit");
    await expect(page.getByRole("table", { name: "Audit log" })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const serious = results.violations.filter(
      (violation) => violation.impact === "serious" || violation.impact === "critical",
    );
    expect(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`),
    ).toEqual([]);
  });

  // Failed in the final CI run (cause not yet diagnosed); the switch is proven by services/admin/event-trigger-rollout.test.ts.
  test("an operator turns event triggers on for their own organization, the trigger form offers them, then off", async ({
    context,
    page,
    baseURL,
  }) => {
    // The operator's own organization ("Service operations", slug service-ops-<suffix of the email>):
    // the world never enables event triggers there, and this test restores that.
    const operator = world().instanceOperator;
    const suffix = operator.email.split("@")[0]!.split(".")[1]!;
    const slug = `service-ops-${suffix}`;
    await useFixtureSession(context, operator, baseURL!);

    await page.goto("/triggers");
    const form = page.getByRole("form", { name: "New trigger" });
    await form.getByLabel("Type").selectOption("event");
    await expect(form.getByText("Event triggers are not enabled for this organization")).toBeVisible();

    await page.goto("/admin");
    const toggle = page.getByRole("switch", { name: `Event triggers for Service operations (${slug})` });
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    await expect(toggle).toBeChecked();
    await expect(rowNamed(page, "Organizations", slug)).toContainText("Enabled");

    try {
      await page.goto("/triggers");
      await form.getByLabel("Type").selectOption("event");
      await expect(form.getByLabel("Source")).toBeVisible();
      await expect(form.getByText("Event triggers are not enabled for this organization")).toHaveCount(0);

      // The operator's change is in that organization's audit log (the operator is its Owner here).
      await page.goto("/settings/audit?kind=rollout.changed");
      await expect(
        page.getByRole("table", { name: "Audit log" }).getByRole("row").filter({ hasText: "Enabled event triggers" }),
      ).toContainText("(service operator)");
    } finally {
      await page.goto("/admin");
      await toggle.uncheck();
      await expect(toggle).not.toBeChecked();
    }
    await expect(rowNamed(page, "Organizations", slug)).toContainText("Not enabled");
  });
});
