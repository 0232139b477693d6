import { expect, test } from "@playwright/test";
import { bearer, world } from "../support/world";
import { useFixtureSession } from "./helpers";

const acme = () => world().orgs.acme;

test.describe("trigger run history", () => {
  test("shows a firing's per-subscriber outcomes, filters by outcome and links to sessions and per-agent runs", async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const fired = await request.post("/api/v1/triggers/fire", {
      headers: bearer(acme().users.operator.apiKey),
      data: { triggerId: acme().triggers.api.id, input: { prompt: `history-${Date.now()}` } },
    });
    expect(fired.status()).toBe(202);
    const { sessions } = (await fired.json()) as { sessions: Array<{ automationId: string; sessionId: string }> };

    await useFixtureSession(context, acme().users.viewer, baseURL!);
    await page.goto(`/triggers/${acme().domains.ops.id}`);
    const card = page.getByRole("region", { name: "Trigger Ops API trigger", exact: true });
    await card.getByText("Run history", { exact: true }).click();
    const history = card.getByRole("table", { name: "Run history of Ops API trigger" });
    await expect(history).toContainText("failed: CALLER_CREDENTIALS_REQUIRED");
    await expect(history).toContainText("API call by");
    const httpReader = sessions.find((session) => session.automationId === acme().agents.httpRead.id)!;
    await expect(history.locator(`a[href="/sessions/${httpReader.sessionId}"]`)).toHaveCount(1);

    await card.getByLabel("Outcome").selectOption("skipped");
    await expect(card).toContainText("No firing with a skipped subscriber.");
    await card.getByLabel("Outcome").selectOption("failed");
    await expect(history.getByRole("row").nth(1)).toContainText("CALLER_CREDENTIALS_REQUIRED");

    await history.getByRole("link", { name: "Caller-only reader" }).first().click();
    await expect(page).toHaveURL(
      new RegExp(`/triggers/${acme().domains.ops.id}/runs/${acme().agents.callerRequired.id}$`),
    );
    const runs = page.getByRole("table", { name: "Trigger runs" });
    await expect(runs).toContainText("Ops API trigger");
    await expect(runs).toContainText("failed: CALLER_CREDENTIALS_REQUIRED");
  });
});
