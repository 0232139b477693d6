import { expect, test } from "@playwright/test";
import { world } from "../support/world";
import { useFixtureSession } from "./helpers";

const acme = () => world().orgs.acme;

/** A small OpenAPI 3.1 document: one read and one write operation, and a header API key. */
function widgetsDocument(title: string) {
  return {
    openapi: "3.1.0",
    info: { title, version: "1.0", description: "Widgets of the e2e suite." },
    servers: [{ url: "https://widgets.example.com/v1" }],
    components: { securitySchemes: { WidgetKey: { type: "apiKey", in: "header", name: "X-Widget-Key" } } },
    paths: {
      "/widgets": {
        get: { operationId: "listWidgets", summary: "List widgets" },
        post: {
          operationId: "createWidget",
          summary: "Create a widget",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
              },
            },
          },
        },
      },
    },
  };
}

test.describe("integrations", () => {
  test("search finds service.knowledge and its detail shows the input schema", async ({ page, context, baseURL }) => {
    await useFixtureSession(context, acme().users.viewer, baseURL!);
    await page.goto("/");
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Integrations" }).click();
    await expect(page.getByRole("region", { name: "HTTP" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Tools of HTTP" })).toContainText("#service.http.get");
    // Members who are not organization admins do not get the import.
    await expect(page.getByRole("link", { name: "Add from OpenAPI" })).toHaveCount(0);

    await page.getByLabel("Search integrations").fill("knowledge");
    await expect(page.getByRole("status").filter({ hasText: "match" })).toHaveText("1 integration match “knowledge”");
    await expect(page).toHaveURL(/\?q=knowledge$/);
    await expect(page.getByRole("region", { name: "HTTP" })).toHaveCount(0);
    const knowledge = page.getByRole("region", { name: "Knowledge" });
    await expect(knowledge.getByRole("table", { name: "Tools of Knowledge" })).toContainText("Read-only");

    await knowledge.getByRole("link", { name: "Knowledge", exact: true }).click();
    await expect(page).toHaveURL(/\/integrations\/service\.knowledge$/);
    await expect(page.getByRole("heading", { level: 1, name: "Knowledge" })).toBeVisible();
    const schema = page.getByLabel("Input schema of service.knowledge.search");
    await expect(schema).toContainText('"query"');
    await expect(schema).toContainText('"type": "object"');
    await expect(page.getByRole("button", { name: "Disable" })).toHaveCount(0);
  });

  test("an organization owner imports an OpenAPI document, sees its tools, and disables it", async ({
    page,
    context,
    baseURL,
  }) => {
    await useFixtureSession(context, acme().users.owner, baseURL!);
    const title = `Widgets ${Date.now()}`;
    await page.goto("/integrations");
    await page.getByRole("link", { name: "Add from OpenAPI" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Add from OpenAPI" })).toBeVisible();

    await page.getByRole("button", { name: "Import integration" }).click();
    await expect(page.getByText("Paste an OpenAPI document or choose a .json file.")).toBeVisible();
    await page.getByLabel("Document (JSON)").fill("{ not json");
    await page.getByRole("button", { name: "Import integration" }).click();
    await expect(page.getByText(/This is not valid JSON/)).toBeVisible();

    await page.getByLabel("Upload a .json file").setInputFiles({
      name: "widgets.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(widgetsDocument(title))),
    });
    await expect(page.getByText("Loaded widgets.json into the field below.")).toBeVisible();
    await expect(page.getByLabel("Document (JSON)")).toHaveValue(/"openapi":"3\.1\.0"/);
    await page.getByRole("button", { name: "Import integration" }).click();

    const result = page.getByTestId("import-result");
    await expect(result.getByRole("status")).toContainText(`Imported “${title}”`);
    const tools = result.getByRole("table", { name: `Tools of ${title}` });
    await expect(tools.getByRole("row")).toHaveCount(3);
    await expect(tools).toContainText(/#[a-z0-9-]+\.widgets-\d+\.listWidgets/);
    await expect(tools).toContainText("createWidget");
    await expect(result).toContainText("X-Widget-Key");

    await result.getByRole("link", { name: "Open integration →" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByLabel(/Input schema of .*\.createWidget/)).toContainText('"name"');

    await page.getByRole("button", { name: "Disable" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("cannot be undone");
    await dialog.getByRole("button", { name: "Disable integration" }).click();
    await expect(page).toHaveURL(/\/integrations$/);
    await page.getByLabel("Search integrations").fill(title);
    await expect(page.getByRole("status").filter({ hasText: "match" })).toHaveText(`0 integrations match “${title}”`);
  });
});
