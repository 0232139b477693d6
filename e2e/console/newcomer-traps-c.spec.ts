import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { acme } from "../support/api";
import { uniqueMarker } from "../support/receiver";
import { bearer, world } from "../support/world";
import { useFixtureSession } from "./helpers";

// Issue 41, newcomer traps 6 and 8: a form shows every problem at once, each on its field and
// in words; run history keeps its filters and search in the URL; approvals waiting for me have
// an inbox and a count in the side navigation.

async function openSession(agentId: string, apiKey: string, message: string): Promise<string> {
  const response = await fetch(`${world().baseUrl}/api/v1/agents/${agentId}/sessions`, {
    method: "POST",
    headers: { ...bearer(apiKey), "content-type": "application/json" },
    body: JSON.stringify({ message }),
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as { sessionId: string }).sessionId;
}

test.describe("newcomer traps: forms, run history, approvals", () => {
  test("a schedule with a bad cron and a bad time zone shows both problems, each on its field, in words", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await useFixtureSession(context, acme().users.editor, baseURL!);
    await page.goto(`/triggers/${acme().domains.ops.id}`);
    const form = page.getByRole("form", { name: "New trigger" });
    await form.getByLabel("Type").selectOption("schedule");
    await form.getByLabel("Name").fill(uniqueMarker("both-wrong"));
    await form.getByLabel("Cron").fill("61 * * * *");
    await form.getByLabel("Time zone").fill("Mars/Olympus");
    const cron = form.getByLabel("Cron");
    const zone = form.getByLabel("Time zone");
    // The live preview already names both: a bad zone no longer hides a bad expression.
    await expect(cron).toHaveAccessibleDescription(/^"61 \* \* \* \*" is not a valid cron expression/);
    await expect(zone).toHaveAccessibleDescription(/^"Mars\/Olympus" is not an IANA time zone/);

    // Submitted, the service refuses both at once; each stays on its field, without "cron:".
    await form.getByRole("button", { name: "Create trigger" }).click();
    await expect(cron).toHaveAccessibleDescription(/is not a valid cron expression/);
    await expect(zone).toHaveAccessibleDescription(/is not an IANA time zone/);
    await expect(form).not.toContainText("cron:");
    await expect(form).not.toContainText("timezone:");
    await expect(form.getByRole("alert")).toHaveCount(0);
    await form.screenshot({ path: testInfo.outputPath("trigger-both-errors.png") });
  });

  test("run history keeps its filters and search through a reload, and the search narrows the list", async ({
    page,
    context,
    baseURL,
  }) => {
    const marker = uniqueMarker("search");
    const operator = acme().users.operator;
    const refund = await openSession(acme().agents.echo.id, operator.apiKey, `Refund ${marker} order 4711`);
    const report = await openSession(acme().agents.echo.id, operator.apiKey, `Report ${marker} weekly`);
    await useFixtureSession(context, operator, baseURL!);
    await page.goto("/sessions");
    const row = (sessionId: string) => page.locator(`tr[data-session-id="${sessionId}"]`);
    await expect(row(refund)).toBeVisible();
    await expect(row(report)).toBeVisible();

    await page.getByRole("searchbox", { name: "Search" }).fill(`${marker} order`);
    await expect(row(report)).toHaveCount(0);
    await expect(row(refund)).toBeVisible();
    await page.getByLabel("Kind").selectOption("agent");
    await page.getByLabel("Origin").selectOption("api");
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page).toHaveURL(/[?&]kind=agent/);
    await expect(page).toHaveURL(/[?&]origin=api/);

    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(`${marker} order`);
    await expect(page.getByLabel("Kind")).toHaveValue("agent");
    await expect(page.getByLabel("Origin")).toHaveValue("api");
    await expect(row(refund)).toBeVisible();
    await expect(row(report)).toHaveCount(0);

    // Back undoes the last choice (origin), the search stays.
    await page.goBack();
    await expect(page.getByLabel("Origin")).toHaveValue("");
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(`${marker} order`);

    await page.getByRole("searchbox", { name: "Search" }).fill(`${marker} nothing-like-this`);
    await expect(page.getByText("No sessions match")).toBeVisible();
  });

  test("a pending approval shows in the Approvals inbox and its count, for an approver only", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    test.setTimeout(150_000);
    const marker = uniqueMarker("inbox");
    const sessionId = await openSession(
      acme().agents.httpWrite.id,
      acme().users.operator.apiKey,
      `Write ${marker} to the ledger`,
    );
    await useFixtureSession(context, acme().users.editor, baseURL!);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Console" });
    const item = nav.getByRole("link", { name: /^Approvals/ });
    // The count appears once the turn reaches its approval (the badge polls every 30 s and on
    // focus; a fresh page asks at once).
    await expect(async () => {
      await page.reload();
      await expect(item.getByTestId("approvals-badge")).toHaveText(/^\d+\+? waiting for you$/, { timeout: 3_000 });
    }).toPass({ timeout: 30_000, intervals: [1_000] });

    await item.click();
    await expect(page).toHaveURL(/\/approvals$/);
    await expect(page.getByRole("heading", { level: 1, name: "Approvals" })).toBeVisible();
    const row = page.locator(`tr[data-session-id="${sessionId}"]`);
    await expect(row).toContainText(`Write ${marker} to the ledger`);
    await expect(row).toContainText("service.http.post");
    await expect(row).toContainText("Ops");
    await page.screenshot({ path: testInfo.outputPath("approvals-inbox.png"), fullPage: true });

    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const serious = results.violations.filter(
      (violation) => violation.impact === "serious" || violation.impact === "critical",
    );
    expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    // The row opens the session, where the decision is taken.
    await row.getByRole("link", { name: "Open to decide" }).click();
    await expect(page).toHaveURL(new RegExp(`/sessions/${sessionId}$`));
    await expect(page.getByRole("region", { name: "Pending approval" })).toBeVisible();

    // A Viewer sees the session but may not decide it: not in their inbox.
    await context.clearCookies();
    await useFixtureSession(context, acme().users.viewer, baseURL!);
    await page.goto("/approvals");
    await expect(page.getByRole("heading", { level: 1, name: "Approvals" })).toBeVisible();
    // Loaded (no skeleton rows), then the row is absent.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByText("Nothing waits for you").or(page.getByRole("table"))).toBeVisible();
    await expect(page.locator(`tr[data-session-id="${sessionId}"]`)).toHaveCount(0);

    // Decided (rejected: nothing is written), it leaves the approver's inbox.
    await context.clearCookies();
    await useFixtureSession(context, acme().users.editor, baseURL!);
    await page.goto(`/sessions/${sessionId}`);
    const approval = page.getByRole("region", { name: "Pending approval" });
    await approval.getByRole("button", { name: "Reject" }).click();
    await expect(approval).toBeHidden();
    await page.goto("/approvals");
    await expect(page.getByRole("heading", { level: 1, name: "Approvals" })).toBeVisible();
    // Loaded (no skeleton rows), then the row is absent.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByText("Nothing waits for you").or(page.getByRole("table"))).toBeVisible();
    await expect(page.locator(`tr[data-session-id="${sessionId}"]`)).toHaveCount(0);
  });
});
