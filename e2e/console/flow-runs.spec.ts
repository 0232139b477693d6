import { expect, test } from "@playwright/test";
import { receivedRequests, uniqueMarker } from "../support/receiver";
import { world } from "../support/world";
import { useFixtureSession } from "./helpers";

const acme = () => world().orgs.acme;

test.describe("flow runs from the console", () => {
  test("an operator runs the echo flow by hand: the input reaches the receiver verbatim and the steps are shown", async ({ page, context, baseURL }) => {
    await useFixtureSession(context, acme().users.operator, baseURL!);
    const marker = uniqueMarker("flowrun");
    const input = { marker, nested: { n: 2, list: [true, null, "x"] } };

    await page.goto(`/flows/${acme().flows.echo.id}`);
    const form = page.getByTestId("flow-run-form");
    const box = form.getByLabel("Input (JSON object)");

    // The console never takes caller credentials (spec 5 rule 7).
    await box.fill(JSON.stringify({ callerCredentials: { integrations: {} } }));
    await form.getByRole("button", { name: "Run", exact: true }).click();
    await expect(form).toContainText("The console never takes caller credentials");

    await box.fill(JSON.stringify(input));
    await form.getByRole("button", { name: "Run", exact: true }).click();
    await expect(page).toHaveURL(/\/sessions\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("flow-run-status")).toHaveText("Completed", { timeout: 20_000 });
    const step = page.locator('[data-testid="flow-step"][data-step-id="post"]');
    await expect(step).toHaveAttribute("data-status", "completed");
    await expect(step).toContainText("tool");

    const [request] = await receivedRequests(marker);
    expect(request).toBeDefined();
    expect(JSON.parse(request!.body)).toEqual(input);
  });
});
