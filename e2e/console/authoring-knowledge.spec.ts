import { expect, test } from "@playwright/test";
import { world } from "../support/world";
import { rowNamed, useFixtureSession } from "./helpers";

const acme = () => world().orgs.acme;

test.describe("knowledge", () => {
  test("an editor writes and publishes an article, adds it to a new module, and cannot add a draft", async ({
    page,
    context,
    baseURL,
  }) => {
    await useFixtureSession(context, acme().users.editor, baseURL!);
    const { domainBaseId } = acme().knowledge;
    const title = `E2E article ${Date.now()}`;
    const moduleName = `E2E module ${Date.now()}`;

    await page.goto("/");
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Knowledge" }).click();
    await expect(rowNamed(page, "Knowledge bases", "Acme knowledge")).toContainText("Organization");
    await expect(rowNamed(page, "Knowledge bases", "Acme knowledge")).toContainText("Read only");
    await rowNamed(page, "Knowledge bases", "Ops knowledge").getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/knowledge/bases/${domainBaseId}$`));
    await expect(rowNamed(page, "Articles", "Escalation ladder (draft)")).toContainText("Draft");
    await expect(rowNamed(page, "Articles", "Refund policy")).toContainText("Published");

    await page.getByRole("button", { name: "Create and edit" }).click();
    await expect(page.getByText("Title must not be blank")).toBeVisible();
    await page.getByLabel("Title").fill(title);
    await page.getByRole("button", { name: "Create and edit" }).click();
    // The page is titled by the article, in its heading and the browser tab.
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${title}`));
    await expect(page.getByLabel("Title")).toHaveValue(title);

    const publication = page.getByTestId("publication");
    await expect(publication).toContainText("Not published");
    await page.getByLabel("Body").fill("Widgets ship within two days.");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Draft saved" }).first()).toBeVisible();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Search and agents now find this version" })).toBeVisible();
    await expect(publication).toContainText("Search and agents see this version.");

    // Changing the draft keeps the published copy live until the next publish.
    await page.getByLabel("Body").fill("Widgets ship within one day.");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(publication).toContainText("Changes pending");
    await expect(publication).toContainText("stays live until you publish again");
    await publication.getByText("Show the published copy").click();
    await expect(publication).toContainText("Widgets ship within two days.");
    await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();

    // A new domain module in ops: organization modules are for owners and admins.
    await page.goto("/knowledge/modules");
    await page.getByRole("link", { name: "New module" }).first().click();
    await expect(page.getByLabel("Kind").locator("option", { hasText: "Organization module" })).toBeDisabled();
    await page.getByRole("button", { name: "Create module" }).click();
    await expect(page.getByText("Name must not be blank")).toBeVisible();
    await page.getByLabel("Name").fill(moduleName);
    await page.getByRole("button", { name: "Create module" }).click();
    await expect(page.getByRole("heading", { level: 1, name: moduleName })).toBeVisible();
    await expect(page.getByText("No articles in this module")).toBeVisible();

    // Only published articles of compatible bases are offered: never the fixture's draft.
    const article = page.getByLabel("Article");
    await expect(article.locator("option", { hasText: title })).toHaveCount(1);
    await expect(article.locator("option", { hasText: "Refund policy" })).toHaveCount(1);
    await expect(article.locator("option", { hasText: "Company holidays" })).toHaveCount(1);
    await expect(article.locator("option", { hasText: "Escalation ladder (draft)" })).toHaveCount(0);

    await article.selectOption({ label: title });
    await page.getByRole("button", { name: "Add to module" }).click();
    const member = rowNamed(page, "Module articles", title);
    await expect(member).toContainText("Published");
    await expect(article.locator("option", { hasText: title })).toHaveCount(0);

    await page.goto("/knowledge/modules");
    await expect(rowNamed(page, "Modules", moduleName)).toContainText("Ops");
    await rowNamed(page, "Modules", moduleName).getByRole("link").click();
    await member.getByRole("button", { name: `Remove ${title}` }).click();
    await expect(member).toHaveCount(0);
  });

  test("a viewer reads a base without edit controls", async ({ page, context, baseURL }) => {
    await useFixtureSession(context, acme().users.viewer, baseURL!);
    await page.goto(`/knowledge/bases/${acme().knowledge.domainBaseId}`);
    await expect(rowNamed(page, "Articles", "Refund policy")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create and edit" })).toHaveCount(0);
    await page.goto(`/knowledge/articles/${acme().knowledge.publishedArticleId}`);
    await expect(page.getByLabel("Title")).toHaveAttribute("readonly", "");
    await expect(page.getByRole("button", { name: /Publish|Save draft|Unpublish/ })).toHaveCount(0);
  });
});
