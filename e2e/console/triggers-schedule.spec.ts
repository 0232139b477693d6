import { expect, test } from "@playwright/test";
import { world } from "../support/world";
import { useFixtureSession } from "./helpers";

const acme = () => world().orgs.acme;

// The fixture's "Every minute" schedule trigger fires from the engine (two worker processes on
// PostgreSQL): each planned minute fires once, within the minute, and its caller-required
// subscriber is refused (section 5 rule 8).
test.describe("schedule firings", () => {
  test.setTimeout(150_000);

  test("the every-minute trigger fires on time, once per slot, refusing the caller-required subscriber", async ({
    page,
    context,
    baseURL,
  }) => {
    await useFixtureSession(context, acme().users.viewer, baseURL!);
    await page.goto(`/triggers/${acme().domains.ops.id}`);
    const card = page.getByRole("region", { name: "Trigger Every minute", exact: true });
    await card.getByText("Run history", { exact: true }).click();
    const slots = card.locator("[data-slot]");
    await expect(async () => {
      // Reopen the disclosure to refetch: the history loads when opened.
      await card.getByText("Run history", { exact: true }).click();
      await card.getByText("Run history", { exact: true }).click();
      await expect(slots.first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 130_000, intervals: [5_000] });

    const planned = await slots.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-slot")!));
    expect(new Set(planned).size).toBe(planned.length);
    const history = card.getByRole("table", { name: "Run history of Every minute" });
    const row = history.getByRole("row").nth(1);
    await expect(row).toContainText("Schedule");
    await expect(row).toContainText("failed: CALLER_CREDENTIALS_REQUIRED");
    await expect(row).toContainText("started");
    // On time: a whole-minute slot, fired within seconds of it (the engine ticks every 5 s).
    const slot = new Date(planned[0]!);
    expect(slot.getUTCSeconds()).toBe(0);
    const fired = new Date((await row.getAttribute("data-fired"))!);
    expect(fired.getTime() - slot.getTime()).toBeGreaterThanOrEqual(0);
    expect(fired.getTime() - slot.getTime()).toBeLessThan(15_000);
  });
});
