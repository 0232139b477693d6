import { expect, test, type Page } from "@playwright/test";
import { uniqueMarker } from "../support/receiver";
import { bearer, world } from "../support/world";
import { useFixtureSession } from "./helpers";

// Run history tells what happened (issue 15): the last run's outcome with the failing code, where
// it came from (API key or trigger by name), agent or flow, and an approval's comment with its decider.

const acme = () => world().orgs.acme;

async function api(path: string, apiKey: string, body?: unknown) {
  const response = await fetch(`${world().baseUrl}/api/v1${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...bearer(apiKey), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Waits until the session's last turn is no longer queued or running. */
async function settled(sessionId: string, apiKey: string, states = ["idle", "failed", "suspended"]) {
  await expect
    .poll(async () => (await api(`/agents/sessions/${sessionId}`, apiKey)).body.state, { timeout: 20_000 })
    .toMatch(new RegExp(`^(${states.join("|")})$`));
  return (await api(`/agents/sessions/${sessionId}`, apiKey)).body;
}

const rowOf = (page: Page, sessionId: string) => page.locator(`tr[data-session-id="${sessionId}"]`);

test.describe("run history", () => {
  test("a failed tool call says failed with its code, and the row names the API key it came from", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const operator = acme().users.operator;
    const opened = await api(`/agents/${acme().agents.callerRequired.id}/sessions`, operator.apiKey, {
      message: uniqueMarker("nocreds"),
    });
    expect(opened.status).toBe(202);
    const details = await settled(opened.body.sessionId, operator.apiKey);
    const turn = details.turns.at(-1);
    const code: string =
      turn.errorCode ?? turn.toolCalls.find((call: { errorCode: string | null }) => call.errorCode)?.errorCode;
    expect(code).toMatch(/^[A-Z_]+$/);

    await useFixtureSession(context, operator, baseURL!);
    await page.goto("/sessions");
    const row = rowOf(page, opened.body.sessionId);
    await expect(row).toContainText(/Tool failed|Failed/);
    await expect(row).toContainText(code);
    await expect(row).not.toContainText("Idle");
    await expect(row).toContainText(/API key “.+”/);
    await expect(row).toContainText("Agent");
    await expect(row).toContainText("revision");
    await expect(row.getByRole("button", { name: "Copy id" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("run-history-failed.png"), fullPage: true });

    await page.getByLabel("Outcome").selectOption({ label: "Completed" });
    await expect(rowOf(page, opened.body.sessionId)).toHaveCount(0);
  });

  test("the table fits a 1280x800 screen without sideways scrolling, and keeps every fact", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const operator = acme().users.operator;
    // A failed run with a long error code, so the widest content is on screen.
    const opened = await api(`/agents/${acme().agents.callerRequired.id}/sessions`, operator.apiKey, {
      message: uniqueMarker("wide"),
    });
    await settled(opened.body.sessionId, operator.apiKey);
    await page.setViewportSize({ width: 1280, height: 800 });
    await useFixtureSession(context, operator, baseURL!);
    await page.goto("/sessions");
    const table = page.getByRole("table", { name: "Sessions" });
    const row = rowOf(page, opened.body.sessionId);
    await expect(row).toBeVisible();
    const widths = await table.evaluate((element) => ({
      table: [element.scrollWidth, element.clientWidth],
      wrap: [element.parentElement!.scrollWidth, element.parentElement!.clientWidth],
      page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
    }));
    expect(widths.table[0]).toBeLessThanOrEqual(widths.table[1]!);
    expect(widths.wrap[0]).toBeLessThanOrEqual(widths.wrap[1]!);
    expect(widths.page[0]).toBeLessThanOrEqual(widths.page[1]!);
    // Every fact is still there: outcome and code, how long it took, origin, start and last activity.
    await expect(table.getByRole("columnheader")).toHaveText([
      "Session",
      "Kind",
      "Automation",
      "Last run",
      "Started by",
      "When",
    ]);
    await expect(row).toContainText(/Tool failed|Failed/);
    await expect(row).toContainText(/Took /);
    await expect(row).toContainText(/API key “.+”/);
    await expect(row).toContainText(/Started .+Active /);
    await expect(row.getByRole("button", { name: "Copy id" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("run-history-1280.png") });
  });

  test("a trigger-started run says the trigger's name, and a flow is a flow", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const operator = acme().users.operator;
    const fired = await api("/triggers/fire", operator.apiKey, {
      triggerId: acme().triggers.api.id,
      input: { prompt: uniqueMarker("fire") },
    });
    expect(fired.status).toBe(202);
    const flowSession = (fired.body.sessions as Array<{ automationId: string; sessionId: string }>).find(
      (one) => one.automationId === acme().flows.echo.id,
    )!;
    expect(flowSession).toBeTruthy();

    await useFixtureSession(context, operator, baseURL!);
    await page.goto("/sessions");
    await page.getByLabel("Origin").selectOption({ label: "Trigger" });
    await page.getByLabel("Kind").selectOption({ label: "Flows" });
    const row = rowOf(page, flowSession.sessionId);
    await expect(row).toContainText("Trigger “Ops API trigger”");
    await expect(row.getByRole("cell").nth(1)).toHaveText("Flow");
    await page.screenshot({ path: testInfo.outputPath("run-history-trigger.png"), fullPage: true });
  });

  test("a waiting session says what it waits for and who decides; the rejection's comment shows with the decider", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const { operator, editor } = acme().users;
    const opened = await api(`/agents/${acme().agents.httpWrite.id}/sessions`, operator.apiKey, {
      message: uniqueMarker("reject"),
    });
    await settled(opened.body.sessionId, operator.apiKey, ["suspended"]);

    await useFixtureSession(context, editor, baseURL!);
    await page.goto(`/sessions/${opened.body.sessionId}`);
    const waiting = page.getByTestId("waiting-note");
    await expect(waiting).toContainText("service.http.post");
    await expect(waiting).toContainText("Who can decide");
    // The arguments appear once: in the approval panel, not again on the tool call.
    await expect(page.getByLabel("Tool call service.http.post")).toContainText("arguments in the approval above");
    await page.screenshot({ path: testInfo.outputPath("session-waiting.png"), fullPage: true });

    const approval = page.getByRole("region", { name: "Pending approval" });
    await approval.getByLabel(/Comment/).fill("Not before the release freeze ends");
    await approval.getByRole("button", { name: "Reject" }).click();
    const decision = page.getByTestId("approval-decision");
    await expect(decision).toContainText("Rejected by");
    await expect(decision).toContainText("Not before the release freeze ends");
    await page.screenshot({ path: testInfo.outputPath("session-rejected.png"), fullPage: true });

    const details = await api(`/agents/sessions/${opened.body.sessionId}`, operator.apiKey);
    expect(details.body.turns[0].toolCalls[0].decision).toMatchObject({
      decision: "rejected",
      comment: "Not before the release freeze ends",
      decidedBy: { userId: editor.id },
    });

    await page.goto("/sessions");
    await expect(rowOf(page, opened.body.sessionId)).toContainText("Rejected");
  });
});
