import { expect, test } from "@playwright/test";
import { world } from "../support/world";
import { useFixtureSession } from "./helpers";

// The console's webhook deliveries page. acme is not a partner customer, so it has no webhook
// and no deliveries; the rows, attempts and Redeliver are covered by the tRPC tests
// (src/server/services/assistant/webhooks/webhook-delivery.test.ts).
test.describe("Webhook deliveries", () => {
  test("an Admin sees the organization's (empty) deliveries", async ({ page, context, baseURL }) => {
    await useFixtureSession(context, world().orgs.acme.users.orgAdmin, baseURL!);
    await page.goto("/settings/webhooks");
    await expect(page.getByRole("heading", { name: "Webhook deliveries" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No deliveries yet" })).toBeVisible();
  });

  test("a member who is neither Owner nor Admin is told the page is not for them", async ({
    page,
    context,
    baseURL,
  }) => {
    await useFixtureSession(context, world().orgs.acme.users.outsider, baseURL!);
    await page.goto("/settings/webhooks");
    await expect(page.getByText("The webhook deliveries could not be loaded")).toBeVisible();
    await expect(page.getByText("Only the organization's Owners and Admins")).toBeVisible();
  });
});
