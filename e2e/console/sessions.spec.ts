import { expect, test } from "@playwright/test";
import { acme } from "../support/api";
import { receivedRequests, uniqueMarker } from "../support/receiver";
import { bearer, world } from "../support/world";
import { useFixtureSession } from "./helpers";

// The console's session views and chat (issue 4): live transcript over the cookie stream.

async function openSession(agentId: string, apiKey: string, message: string): Promise<string> {
  const response = await fetch(`${world().baseUrl}/api/v1/agents/${agentId}/sessions`, {
    method: "POST",
    headers: { ...bearer(apiKey), "content-type": "application/json" },
    body: JSON.stringify({ message }),
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as { sessionId: string }).sessionId;
}

test.describe("console sessions and chat", () => {
  test("an operator opens a personal chat with Echo and sees the reply stream in", async ({
    page,
    context,
    baseURL,
  }) => {
    await useFixtureSession(context, acme().users.operator, baseURL!);
    await page.goto("/chat");
    await page.getByRole("combobox", { name: "Agent", exact: true }).selectOption({ label: "Echo (Ops)" });
    const marker = uniqueMarker("chat");
    await page.getByRole("textbox", { name: "First message" }).fill(`hello ${marker}`);
    await page.getByRole("button", { name: "Start chat" }).click();
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    const transcript = page.getByLabel("Transcript");
    await expect(
      transcript.locator('[data-role="assistant"]').filter({ hasText: `Echo: hello ${marker}` }),
    ).toBeVisible();
    await expect(page.getByText("Personal chat")).toBeVisible();

    // The conversation goes on in the same chat.
    await page.getByRole("textbox", { name: "Message" }).fill(`again ${marker}`);
    await page.getByRole("button", { name: "Send" }).click();
    await expect(
      transcript.locator('[data-role="assistant"]').filter({ hasText: `Echo: again ${marker}` }),
    ).toBeVisible();

    // The chat is personal: the owner of the domain does not see it in their list.
    const sessionId = page.url().split("/").at(-1)!;
    await page.goto("/chat");
    await expect(page.getByRole("link", { name: `hello ${marker}` })).toHaveAttribute("href", `/chat/${sessionId}`);
    await page.goto("/sessions");
    await expect(page.getByRole("link", { name: `hello ${marker}` })).toHaveAttribute("href", `/sessions/${sessionId}`);
    const ownerList = await fetch(`${world().baseUrl}/api/v1/agents/sessions/${sessionId}`, {
      headers: bearer(acme().users.owner.apiKey),
    });
    expect(ownerList.status).toBe(404);
  });

  test("an editor approves a pending HTTP write from the session view", async ({ page, context, baseURL }) => {
    const marker = uniqueMarker("approve");
    const sessionId = await openSession(acme().agents.httpWrite.id, acme().users.operator.apiKey, marker);
    await useFixtureSession(context, acme().users.editor, baseURL!);
    await page.goto(`/sessions/${sessionId}`);
    const approval = page.getByRole("region", { name: "Pending approval" });
    await expect(approval).toBeVisible();
    await expect(page.getByTestId("session-state")).toHaveText("Waiting for approval");
    expect(await receivedRequests(marker)).toHaveLength(0);
    await approval.getByLabel(/Comment/).fill("looks right");
    await approval.getByRole("button", { name: "Approve" }).click();
    await expect(approval).toBeHidden();
    await expect(page.getByTestId("session-state")).toHaveText("Idle", { timeout: 20_000 });
    await expect(page.getByLabel("Tool call service.http.post")).toContainText("succeeded");
    await expect.poll(async () => (await receivedRequests(marker)).length).toBe(1);
  });

  test("a viewer sees a domain session read-only", async ({ page, context, baseURL }) => {
    const marker = uniqueMarker("view");
    const sessionId = await openSession(acme().agents.echo.id, acme().users.operator.apiKey, `watch ${marker}`);
    await useFixtureSession(context, acme().users.viewer, baseURL!);
    await page.goto("/sessions");
    await page.getByRole("link", { name: `watch ${marker}` }).click();
    await expect(page).toHaveURL(new RegExp(`/sessions/${sessionId}$`));
    await expect(
      page
        .getByLabel("Transcript")
        .locator('[data-role="assistant"]')
        .filter({ hasText: `Echo: watch ${marker}` }),
    ).toBeVisible();
    await expect(page.getByText("You can read this session but not send messages")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Rename" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);
  });

  test("the session owner renames, sets an outcome and archives; the list follows", async ({
    page,
    context,
    baseURL,
  }) => {
    const marker = uniqueMarker("manage");
    const sessionId = await openSession(acme().agents.echo.id, acme().users.operator.apiKey, `manage ${marker}`);
    await useFixtureSession(context, acme().users.operator, baseURL!);
    await page.goto(`/sessions/${sessionId}`);
    await page.getByLabel("Title").fill(`Renamed ${marker}`);
    await page.getByRole("button", { name: "Rename" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Renamed ${marker}` })).toBeVisible();
    await page.getByLabel("Outcome").fill("resolved");
    await page.getByRole("button", { name: "Set outcome" }).click();
    await expect(page.getByText("Outcome: resolved")).toBeVisible();
    await page.getByRole("button", { name: "Archive" }).click();
    await expect(page.getByText("This session is archived and read-only.")).toBeVisible();
    await page.goto("/sessions");
    await expect(page.getByRole("link", { name: `Renamed ${marker}` })).toHaveCount(0);
    await page.getByLabel("Show").selectOption("archived");
    await expect(page.getByRole("link", { name: `Renamed ${marker}` })).toBeVisible();
  });
});
