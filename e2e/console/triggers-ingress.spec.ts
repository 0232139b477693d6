import { expect, test } from "@playwright/test";
import { acme, expectStatus } from "../support/api";
import { deliverEvent } from "../support/ingress";
import { uniqueMarker } from "../support/receiver";
import { useFixtureSession } from "./helpers";

test.describe("event trigger in the console", () => {
  test("a signed delivery shows in the trigger's run history as an event, with the refused caller-required subscriber", async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const { event } = acme().triggers;
    const accepted = (await expectStatus(
      await deliverEvent(
        request,
        event.ingressUrl,
        { payload: { note: uniqueMarker("console") } },
        { secret: event.endpointSecret },
      ),
      202,
    )) as { matched: boolean };
    expect(accepted.matched).toBe(true);

    await useFixtureSession(context, acme().users.viewer, baseURL!);
    await page.goto(`/triggers/${acme().domains.ops.id}`);
    const card = page.getByRole("region", { name: "Trigger Ops webhook", exact: true });
    await expect(card.getByLabel("Ingress URL")).toHaveText(event.ingressUrl);
    await expect(card).toContainText("Calls must be signed with the endpoint secret (HMAC).");
    await card.getByText("Run history", { exact: true }).click();
    const history = card.getByRole("table", { name: "Run history of Ops webhook" });
    await expect(history.getByRole("row").nth(1)).toContainText("Event");
    await expect(history.getByRole("row").nth(1)).toContainText("failed: CALLER_CREDENTIALS_REQUIRED");
    await expect(history.getByRole("row").nth(1).getByRole("link", { name: "Open flow run" })).toHaveCount(1);

    // The flow's own page leads to its trigger runs, the event firing among them.
    await page.goto(`/flows/${acme().flows.echo.id}`);
    await page.getByRole("link", { name: "Trigger runs of this flow" }).click();
    await expect(page).toHaveURL(new RegExp(`/triggers/${acme().domains.ops.id}/runs/${acme().flows.echo.id}$`));
    await expect(page.getByRole("table", { name: "Trigger runs" })).toContainText("Ops webhook");
  });
});
