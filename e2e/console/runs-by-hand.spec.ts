import { expect, test } from "@playwright/test";
import { receivedRequests, uniqueMarker } from "../support/receiver";
import { world } from "../support/world";
import { editorText, replaceEditorText } from "./code-editor";
import { useFixtureSession } from "./helpers";

const acme = () => world().orgs.acme;
const agentPage = (agentId: string) => `/domains/${acme().domains.ops.id}/agents/${agentId}`;

test.describe("runs by hand from the console", () => {
  test("an operator runs the published echo agent and reaches its completed session", async ({
    page,
    context,
    baseURL,
  }) => {
    await useFixtureSession(context, acme().users.operator, baseURL!);
    const marker = uniqueMarker("agentrun");
    await page.goto(agentPage(acme().agents.echo.id));
    const form = page.getByTestId("agent-run-form");
    // Operators run; only editors try drafts.
    await expect(form.getByRole("button", { name: "Test run", exact: true })).toHaveCount(0);
    await form.getByLabel("Message").fill(`hello ${marker}`);
    await form.getByRole("button", { name: "Run", exact: true }).click();
    await expect(page).toHaveURL(/\/sessions\/[0-9a-f-]{36}$/);
    await expect(
      page
        .getByLabel("Transcript")
        .locator('[data-role="assistant"]')
        .filter({ hasText: `Echo: hello ${marker}` }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("session-state")).toHaveText("Idle");
    await expect(page.getByText("Test run of the draft", { exact: true })).toHaveCount(0);
  });

  test("an editor test-runs a never-published agent's draft, labelled as a test run", async ({
    page,
    context,
    baseURL,
  }) => {
    await useFixtureSession(context, acme().users.editor, baseURL!);
    const marker = uniqueMarker("agenttest");
    await page.goto(agentPage(acme().agents.draft.id));
    const form = page.getByTestId("agent-run-form");
    await expect(form.getByRole("button", { name: "Run", exact: true })).toHaveCount(0);
    await form.getByLabel("Message").fill(`try ${marker}`);
    await form.getByRole("button", { name: "Test run", exact: true }).click();
    await expect(page).toHaveURL(/\/sessions\/[0-9a-f-]{36}$/);
    await expect(
      page
        .getByLabel("Transcript")
        .locator('[data-role="assistant"]')
        .filter({ hasText: `Echo: try ${marker}` }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("session-state")).toHaveText("Idle");
    await expect(page.getByText("Test run of the draft", { exact: true })).toBeVisible();
    // The draft stays unpublished and its test snapshot is no revision.
    await page.goto(agentPage(acme().agents.draft.id));
    await expect(page.getByRole("button", { name: "View revision -1" })).toHaveCount(0);
  });

  test("an editor test-runs an edited flow draft: the receiver sees the draft's request, not the published one's", async ({
    page,
    context,
    baseURL,
  }) => {
    await useFixtureSession(context, acme().users.editor, baseURL!);
    const marker = uniqueMarker("flowtest");
    await page.goto(`/flows/${acme().flows.echo.id}`);
    const editor = page.getByRole("textbox", { name: "Flow document" });
    const original = await editorText(editor);
    expect(original).toContain(`${world().httpTarget}/flow`);
    await replaceEditorText(editor, original.replace(`${world().httpTarget}/flow`, `${world().httpTarget}/flow-draft`));
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByText("Draft saved")).toBeVisible();
    try {
      const form = page.getByTestId("flow-run-form");
      await form.getByLabel("Input (JSON object)").fill(JSON.stringify({ marker }));
      await form.getByRole("button", { name: "Test run", exact: true }).click();
      await expect(page).toHaveURL(/\/sessions\/[0-9a-f-]{36}$/);
      await expect(page.getByTestId("flow-run-status")).toHaveText("Completed", { timeout: 20_000 });
      await expect(page.getByText("Test run of the draft", { exact: true })).toBeVisible();
      const requests = await receivedRequests(marker);
      expect(requests.map((request) => request.path)).toEqual(["/flow-draft"]);
      expect(JSON.parse(requests[0]!.body)).toEqual({ marker });
    } finally {
      // Leave the fixture flow's draft as the other specs expect it.
      await page.goto(`/flows/${acme().flows.echo.id}`);
      await replaceEditorText(page.getByRole("textbox", { name: "Flow document" }), original);
      await page.getByRole("button", { name: "Save draft" }).click();
      await expect(page.getByText("Draft saved")).toBeVisible();
    }
  });

  test("an operator fires the API trigger now: per-subscriber results and a manual row in run history", async ({
    page,
    context,
    baseURL,
  }) => {
    await useFixtureSession(context, acme().users.operator, baseURL!);
    const marker = uniqueMarker("firenow");
    await page.goto(`/triggers/${acme().domains.ops.id}`);
    const card = page.getByRole("region", { name: "Trigger Ops API trigger", exact: true });
    const form = card.getByRole("form", { name: "Fire Ops API trigger now" });
    // A fill during hydration can be merged with the field's default "{}": fill until it holds.
    const input = form.getByLabel("Input (JSON object)");
    const withCredentials = JSON.stringify({ prompt: marker, callerCredentials: {} });
    await expect(async () => {
      await input.fill(withCredentials);
      await expect(input).toHaveValue(withCredentials, { timeout: 1_000 });
    }).toPass();
    await form.getByRole("button", { name: "Fire now" }).click();
    await expect(form).toContainText("The console never takes caller credentials");

    await form.getByLabel("Input (JSON object)").fill(JSON.stringify({ prompt: marker }));
    await form.getByRole("button", { name: "Fire now" }).click();
    const results = form.getByRole("list", { name: "Fire now results" });
    await expect(results.getByRole("listitem").filter({ hasText: "Caller-only reader" })).toContainText(
      "failed: CALLER_CREDENTIALS_REQUIRED",
    );
    await expect(results.getByRole("listitem").filter({ hasText: "HTTP reader" })).toContainText("started");
    await expect(results.getByRole("listitem").filter({ hasText: "Echo flow" })).toContainText("started");
    await expect
      .poll(async () => (await receivedRequests(marker)).map((request) => request.path).sort(), { timeout: 20_000 })
      .toEqual(["/flow", "/read"]);

    await card.getByText("Run history", { exact: true }).click();
    const history = card.getByRole("table", { name: "Run history of Ops API trigger" });
    await expect(history.getByRole("row").nth(1)).toContainText("Run by hand by");

    await results
      .getByRole("listitem")
      .filter({ hasText: "Echo flow" })
      .getByRole("link", { name: "Open flow run" })
      .click();
    await expect(page).toHaveURL(/\/sessions\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("flow-run-status")).toHaveText("Completed", { timeout: 20_000 });
  });
});
