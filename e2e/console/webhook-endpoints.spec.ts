import { expect, test } from "@playwright/test";
import { uniqueMarker } from "../support/receiver";
import { bearer, world } from "../support/world";
import { useFixtureSession } from "./helpers";

// The console's webhook endpoints page: add an endpoint (its secret shown once), see a settled
// turn's delivery with its attempt, and redeliver it.

const acme = () => world().orgs.acme;

test("adds an endpoint, shows its secret once, lists a delivery and redelivers it", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000);
  const url = `${world().httpTarget}/customer-hooks/${uniqueMarker("ui")}`;
  await useFixtureSession(context, acme().users.owner, baseURL!);
  await page.goto("/settings/webhook-endpoints");
  await page.getByLabel("Endpoint URL").fill(url);
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const panel = page.getByRole("region", { name: `Signing secret for ${url}` });
  await expect(panel.getByText(/^whsec_/)).toBeVisible();
  await panel.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText(/^whsec_/)).toHaveCount(0);

  const listed = (await (
    await request.get("/api/v1/webhook-endpoints?limit=100", { headers: bearer(acme().users.owner.apiKey) })
  ).json()) as { items: Array<{ id: string; url: string }> };
  const endpointId = listed.items.find((item) => item.url === url)!.id;
  try {
    const opened = await request.post(`/api/v1/agents/${acme().agents.echo.id}/sessions`, {
      headers: bearer(acme().users.owner.apiKey),
      data: { message: "hello from the webhook endpoints page" },
    });
    expect(opened.status()).toBe(202);
    await page.getByRole("button", { name: `Deliveries to ${url}` }).click();
    const deliveries = page.getByRole("table", { name: `Deliveries to ${url}` });
    await expect(deliveries.getByText("Delivered").first()).toBeVisible({ timeout: 20_000 });
    await deliveries
      .getByRole("button", { name: /^Redeliver turn\.completed/ })
      .first()
      .click();
    await expect(deliveries.getByText("(manual)").first()).toBeVisible({ timeout: 20_000 });

    // The event log lists the same event; Resend sends it to this endpoint again.
    const { sessionId } = (await opened.json()) as { sessionId: string };
    const logged = (await (
      await request.get("/api/v1/webhook-events?type=turn.completed&limit=100", {
        headers: bearer(acme().users.owner.apiKey),
      })
    ).json()) as { items: Array<{ id: string; data: { sessionId: string } }> };
    const event = logged.items.find((item) => item.data.sessionId === sessionId)!;
    expect(event).toBeDefined();
    const recent = page.getByRole("table", { name: "Recent events" });
    await recent.getByRole("button", { name: `Resend turn.completed ${event.id} to ${url}` }).click();
    await expect(page.getByRole("status").filter({ hasText: event.id })).toContainText("Resent");
  } finally {
    await request.delete(`/api/v1/webhook-endpoints/${endpointId}`, { headers: bearer(acme().users.owner.apiKey) });
  }
});
