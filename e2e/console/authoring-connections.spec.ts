import { expect, test } from "@playwright/test";
import { world } from "../support/world";
import { rowNamed, useFixtureSession } from "./helpers";

const acme = () => world().orgs.acme;

test.describe("connections", () => {
  test("an editor creates a connection in ops, never sees its secret again, and deletes it", async ({
    page,
    context,
    baseURL,
  }) => {
    await useFixtureSession(context, acme().users.editor, baseURL!);
    const ops = acme().domains.ops.id;
    const name = `E2E connection ${Date.now()}`;
    const token = `e2e-secret-${Date.now()}-9876`;

    await page.goto("/connections");
    await expect(page).toHaveURL(new RegExp(`/domains/${ops}/connections$`));
    await expect(rowNamed(page, "Connections", "Acme HTTP")).toContainText("service.http");

    const form = page.getByRole("form", { name: "New connection" });
    await expect(form.getByLabel("Integration")).toHaveValue("service.http");
    // service.knowledge takes no credential, so it is not offered.
    await expect(form.getByLabel("Integration").locator("option", { hasText: "service.knowledge" })).toHaveCount(0);
    await form.getByLabel("Name").fill(name);
    await form.getByRole("button", { name: "Create connection" }).click();
    await expect(form.getByText("Give a token, fields, or both")).toBeVisible();

    await form.getByLabel("Token").fill(token);
    await form.getByRole("button", { name: "Create connection" }).click();
    await expect(form.getByRole("status")).toContainText(`Connection “${name}” created`);
    await expect(form.getByLabel("Token")).toHaveValue("");

    const row = rowNamed(page, "Connections", name);
    await expect(row).toContainText("HTTP");
    await expect(row).toContainText("…9876");
    await expect(page.locator("body")).not.toContainText(token);
    await page.reload();
    await expect(row).toHaveCount(1);
    await expect(page.locator("body")).not.toContainText(token);

    await row.getByRole("button", { name: `Delete ${name}` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("cannot be undone");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(1);

    await row.getByRole("button", { name: `Delete ${name}` }).click();
    await dialog.getByRole("button", { name: "Delete connection" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
  });

  test("a viewer is told that editors manage connections", async ({ page, context, baseURL }) => {
    await useFixtureSession(context, acme().users.viewer, baseURL!);
    await page.goto(`/domains/${acme().domains.ops.id}/connections`);
    await expect(page.getByRole("main").getByRole("status")).toContainText("only Owners and Editors of Ops");
    await expect(page.getByRole("table", { name: "Connections" })).toHaveCount(0);
  });
});
