import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { receivedRequests, uniqueMarker } from "../support/receiver";
import { world } from "../support/world";
import { replaceEditorText } from "./code-editor";
import { useFixtureSession } from "./helpers";

const acme = () => world().orgs.acme;

/** A flow with a branch: a big amount posts to the receiver, a small one only shapes data. */
const branching = (target: string) => `inputSchema:
  type: object
  properties:
    amount:
      type: number
    marker:
      type: string
steps:
  - id: check
    kind: branch
    condition:
      left: "{{input.amount}}"
      operator: ">"
      right: 100
    then: notify
    else: small
  - id: notify
    kind: tool
    tool: service.http.post
    args:
      url: ${target}/flow-graph
      body:
        marker: "{{input.marker}}"
        amount: "{{input.amount}}"
    next: end
  - id: small
    kind: transform
    output:
      size: small
`;

test.describe("flow runs from the console", () => {
  test("an operator runs the echo flow by hand: the input reaches the receiver verbatim and the steps are shown", async ({
    page,
    context,
    baseURL,
  }) => {
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
    await expect(step).toContainText("Tool");

    const [request] = await receivedRequests(marker);
    expect(request).toBeDefined();
    expect(JSON.parse(request!.body)).toEqual(input);
  });

  test("a run is drawn on its graph: the path taken, each step's input, output and timing", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await useFixtureSession(context, acme().users.editor, baseURL!);
    const marker = uniqueMarker("flowgraph");
    const name = `E2E run graph ${Date.now()}`;

    await page.goto(`/flows/new?domain=${acme().domains.ops.id}`);
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: "Create flow" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await replaceEditorText(page.getByRole("textbox", { name: "Flow document" }), branching(world().httpTarget));
    await expect(page.getByTestId("flow-findings-clean")).toBeVisible();
    await page.getByRole("button", { name: "Save and publish revision 1" }).click();
    await expect(page.getByText("Published revision 1")).toBeVisible();

    const form = page.getByTestId("flow-run-form");
    await form.getByLabel("Input (JSON object)").fill(JSON.stringify({ amount: 500, marker }));
    await form.getByRole("button", { name: "Run", exact: true }).click();
    await expect(page).toHaveURL(/\/sessions\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("flow-run-status")).toHaveText("Completed", { timeout: 20_000 });

    // The path taken: check -> notify -> end; "small" was not reached. Status is in words too.
    const graph = page.getByTestId("flow-run-graph");
    const steps = graph.getByRole("list", { name: "Steps of this run" });
    await expect(steps.getByRole("button", { name: /^check Branch · Completed/ })).toHaveAttribute(
      "data-status",
      "completed",
    );
    await expect(steps.getByRole("button", { name: /^notify Tool · Completed/ })).toHaveAttribute(
      "data-status",
      "completed",
    );
    await expect(steps.getByRole("button", { name: /^small Transform · Not reached/ })).toHaveAttribute(
      "data-status",
      "not_reached",
    );
    await expect(graph.locator('[data-edge="check->notify"]')).toHaveAttribute("data-taken", "true");
    await expect(graph.locator('[data-edge="check->small"]')).toHaveAttribute("data-taken", "false");
    await expect(graph.locator('[data-edge="notify->end"]')).toHaveAttribute("data-taken", "true");
    await expect(graph.locator('[data-step-id="end"]')).toHaveAttribute("data-reached", "true");

    // The run's input once, as "Input", and no chat bubble.
    await expect(page.locator("summary", { hasText: /^Input$/ })).toHaveCount(1);
    await expect(page.getByLabel("Transcript")).toHaveCount(0);

    // Selecting a step, by click or keyboard, shows what it received, returned and how long it took.
    const detail = page.getByTestId("flow-step-detail");
    await steps.getByRole("button", { name: /^notify/ }).click();
    await expect(detail).toHaveAttribute("data-step-id", "notify");
    expect(JSON.parse((await detail.getByTestId("flow-step-input").textContent())!)).toEqual({
      tool: "service.http.post",
      args: { url: `${world().httpTarget}/flow-graph`, body: { marker, amount: 500 } },
    });
    await expect(detail.getByTestId("flow-step-output")).toContainText('"status": 200');
    await expect(detail.getByTestId("flow-step-duration")).toHaveText(/^\d+(\.\d)? m?s$/);
    await expect(detail).toContainText("Started");
    await steps.getByRole("button", { name: /^check/ }).focus();
    await page.keyboard.press("Enter");
    await expect(detail).toHaveAttribute("data-step-id", "check");
    await expect(steps.getByRole("button", { name: /^check/ })).toHaveAttribute("aria-pressed", "true");
    expect(JSON.parse((await detail.getByTestId("flow-step-input").textContent())!)).toEqual({
      left: 500,
      operator: ">",
      right: 100,
    });
    expect(JSON.parse((await detail.getByTestId("flow-step-output").textContent())!)).toEqual({ matched: true });
    await steps.getByRole("button", { name: /^small/ }).click();
    await expect(detail).toContainText("This step was not reached in this run.");
    await steps.getByRole("button", { name: /^check/ }).click();

    const [request] = await receivedRequests(marker);
    expect(JSON.parse(request!.body)).toEqual({ marker, amount: 500 });

    const shot = testInfo.outputPath("flow-run-graph.png");
    await page.getByTestId("flow-run-view").screenshot({ path: shot });
    await testInfo.attach("flow-run-graph.png", { path: shot, contentType: "image/png" });
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const serious = results.violations.filter(
      (violation) => violation.impact === "serious" || violation.impact === "critical",
    );
    expect(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
    ).toEqual([]);
  });
});
