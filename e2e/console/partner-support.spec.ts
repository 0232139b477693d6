import { expect, test } from "@playwright/test";
import { acme, expectStatus } from "../support/api";
import { bearer } from "../support/world";
import { useFixtureSession } from "./helpers";

// The fixture follower's people have no console session in the fixtures, so the follower's
// share flow (share, grant id, revoke) is covered by unit tests on both databases. Here: an
// ordinary organization never sees the action, and its Partner settings say it has none.
test.describe("Share with support", () => {
  test("is absent for an organization without a partner", async ({ page, context, baseURL, request }) => {
    const owner = acme().users.owner;
    const opened = (await expectStatus(
      await request.post(`/api/v1/agents/${acme().agents.echo.id}/sessions`, {
        headers: bearer(owner.apiKey),
        data: { message: "no partner here" },
      }),
      202,
    )) as { sessionId: string };
    await useFixtureSession(context, owner, baseURL!);
    await page.goto(`/sessions/${opened.sessionId}`);
    await expect(page.getByText("no partner here").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Manage session" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Share with support" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Share with support" })).toHaveCount(0);

    await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Partner" })).toHaveCount(
      0,
    );
    await page.goto("/settings/partner");
    await expect(page.getByRole("heading", { level: 1, name: "Partner" })).toBeVisible();
    await expect(page.getByTestId("no-partner")).toBeVisible();
  });
});
