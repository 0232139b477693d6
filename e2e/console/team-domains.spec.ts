import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { world } from "../support/world";
import { useFixtureSession } from "./helpers";

// /settings/domains as the fixture world's acme Owner. Other specs share the world, so this one
// creates its own domain and never renames or archives the world's domains.

const acme = () => world().orgs.acme;

/** The row of the named item in the table of that exact name ("Domains" is not "Archived domains"). */
const rowNamed = (page: Page, tableName: string, itemName: string) =>
  page
    .getByRole("table", { name: tableName, exact: true })
    .getByRole("row")
    .filter({ has: page.getByText(itemName, { exact: true }) });

async function expectNoSeriousViolation(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(serious).toEqual([]);
}

test.describe("Domains settings", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await useFixtureSession(context, acme().users.owner, baseURL!);
  });

  test("refuses a blank or taken name on the field, in plain words", async ({ page }) => {
    await page.goto("/settings/domains");
    const name = page.getByLabel("Domain name");
    await page.getByRole("button", { name: "Create domain" }).click();
    await expect(page.getByText("Domain name must not be blank")).toBeVisible();
    await expect(name).toHaveAttribute("aria-invalid", "true");

    await name.fill("  ops ");
    await page.getByRole("button", { name: "Create domain" }).click();
    await expect(
      page.getByText('A domain named "Ops" already exists in this organization. Choose another name.'),
    ).toBeVisible();
    await expect(name).toHaveAttribute("aria-invalid", "true");
  });

  test("create a domain, give a member a role, change it, and archive the domain", async ({ page }) => {
    // A whole journey of a dozen page loads and changes: more than one page's default time.
    test.slow();
    const domainName = `E2E domain ${Date.now()}`;
    const outsider = acme().users.outsider;
    await page.goto("/settings/domains");
    await page.getByLabel("Domain name").fill(domainName);
    await page.getByRole("button", { name: "Create domain" }).click();
    await expect(page.getByText(`Created the domain “${domainName}”.`)).toBeVisible();
    const row = rowNamed(page, "Domains", domainName);
    await expect(row).toContainText("Owner");

    await row.getByRole("link", { name: domainName }).click();
    await expect(page.getByRole("heading", { level: 1, name: domainName })).toBeVisible();
    const members = page.getByRole("table", { name: "Members" });
    await expect(members.getByRole("row")).toHaveCount(2);
    await expect(members).toContainText(acme().users.owner.email);

    // The only Owner cannot step down: the refusal shows under the role.
    await page.getByLabel("Role of Olivia Owner").selectOption("EDITOR");
    await expect(
      page.getByText(/is this domain's only Owner\. Make someone else an Owner before changing their role\./),
    ).toBeVisible();
    await expect(page.getByLabel("Role of Olivia Owner")).toHaveValue("OWNER");

    // Give an existing member of the organization a role, then change it.
    await page.getByLabel("Person").selectOption({ label: `Oscar Outsider (${outsider.email})` });
    await page.getByLabel("Role", { exact: true }).selectOption("VIEWER");
    await page.getByRole("button", { name: "Add member" }).click();
    const oscar = rowNamed(page, "Members", "Oscar Outsider");
    await expect(page.getByLabel("Role of Oscar Outsider")).toHaveValue("VIEWER");
    await page.getByLabel("Role of Oscar Outsider").selectOption("OPERATOR");
    await expect(page.getByLabel("Role of Oscar Outsider")).toBeEnabled();
    await page.reload();
    await expect(page.getByLabel("Role of Oscar Outsider")).toHaveValue("OPERATOR");

    // Remove them again, so the world's outsider stays without domain roles.
    await oscar.getByRole("button", { name: `Remove Oscar Outsider from ${domainName}` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Remove member" }).click();
    await expect(dialog).toBeHidden();
    await expect(oscar).toHaveCount(0);

    // Archive: the domain leaves the list (and the overview's), and waits under "Archived domains".
    await page.getByRole("button", { name: "Archive domain" }).click();
    await expect(dialog).toContainText("leaves every list and picker");
    await dialog.getByRole("button", { name: "Archive domain" }).click();
    await expect(page).toHaveURL(/\/settings\/domains$/);
    await expect(rowNamed(page, "Archived domains", domainName)).toHaveCount(1);
    await expect(rowNamed(page, "Domains", domainName)).toHaveCount(0);
    await expect(rowNamed(page, "Domains", "Ops")).toHaveCount(1);
    await page.goto("/");
    await expect(rowNamed(page, "Domains", "Ops")).toHaveCount(1);
    await expect(rowNamed(page, "Domains", domainName)).toHaveCount(0);

    // Its page says it is archived and offers no controls but Restore.
    await page.goto("/settings/domains");
    await rowNamed(page, "Archived domains", domainName).getByRole("link", { name: domainName }).click();
    await expect(page.getByText("This domain is archived")).toBeVisible();
    await expect(page.getByRole("button", { name: "Restore domain" })).toBeVisible();
    await expect(page.getByLabel("Domain name")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Remove / })).toHaveCount(0);
  });

  test("/settings/domains and a domain's page have no serious or critical accessibility violation", async ({
    page,
  }) => {
    await page.goto("/settings/domains");
    await expect(page.getByRole("heading", { level: 1, name: "Domains" })).toBeVisible();
    await expect(rowNamed(page, "Domains", "Ops")).toHaveCount(1);
    await expectNoSeriousViolation(page);

    await page.goto(`/settings/domains/${acme().domains.ops.id}`);
    await expect(page.getByRole("table", { name: "Members" })).toBeVisible();
    await expectNoSeriousViolation(page);
  });
});
