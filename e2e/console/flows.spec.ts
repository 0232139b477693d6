import { expect, test } from "@playwright/test";
import { world } from "../support/world";
import { diagnosticMarks, editorText } from "./code-editor";
import { rowNamed, useFixtureSession } from "./helpers";

const acme = () => world().orgs.acme;

const document = (tool: string) => `inputSchema:
  type: object
  properties:
    email:
      type: string
steps:
  - id: lookup
    kind: tool
    tool: ${tool}
    args:
      url: https://example.com/customers
      body: "{{input}}"
  - id: known
    kind: branch
    condition:
      left: "{{steps.lookup.output.status}}"
      operator: equals
      right: 200
    then: summary
    else: end
  - id: summary
    kind: transform
    output:
      email: "{{input.email}}"
`;

test.describe("flow authoring", () => {
  test("an editor writes a flow in YAML, fixes a finding, publishes revision 1 and sees the graph", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await useFixtureSession(context, acme().users.editor, baseURL!);
    const ops = acme().domains.ops.id;
    const name = `E2E flow ${Date.now()}`;

    await page.goto("/");
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Flows" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Flows" })).toBeVisible();
    await page.getByRole("link", { name: "New flow" }).first().click();
    await expect(page).toHaveURL(new RegExp(`/flows/new\\?domain=${ops}$`));
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: "Create flow" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

    // An empty flow is itself a finding.
    const findings = page.getByRole("list", { name: "Findings" });
    await expect(findings).toContainText("The flow has no steps");

    // Step templates append a step of each kind, with a free id; the step reference is linked.
    const editor = page.getByRole("textbox", { name: "Flow document" });
    const templates = page.getByRole("group", { name: "Insert a step" });
    // The author's comments survive an insert (the template edits the YAML document, not a re-print).
    await editor.fill(`# Keep this note for the team\n${await editorText(editor)}`);
    await templates.getByRole("button", { name: "Approval" }).click();
    await templates.getByRole("button", { name: "Approval" }).click();
    await expect.poll(() => editorText(editor)).toContain("- id: approval\n    kind: approval\n");
    await expect.poll(() => editorText(editor)).toContain("- id: approval_2\n");
    expect(await editorText(editor)).toMatch(/^# Keep this note for the team\n/);
    const graph = page.getByTestId("flow-graph");
    await expect(graph.locator('[data-step-id="approval_2"]')).toBeVisible();
    await expect(page.getByTestId("flow-findings-clean")).toBeVisible();
    await templates.getByRole("link", { name: "Step reference" }).click();
    const reference = page.getByRole("table").filter({ hasText: "what it does" });
    await expect(reference).toBeVisible();
    await expect(reference.getByRole("row", { name: /^branch/ })).toContainText("then, else");

    // A misspelled tool: the finding names it, proposes the right one, and is marked on its line.
    await editor.fill(document("service.http.pots"));
    await expect(findings).toContainText(
      'calls "service.http.pots", which is no tool this organization can use. Did you mean "service.http.post"?',
    );
    await expect(findings).toContainText("steps[0].tool");
    await expect(diagnosticMarks(editor)).toHaveText(["service.http.pots"]);
    await expect(graph.locator("[data-step-id]")).toHaveCount(4);
    await page.getByTestId("flow-findings").screenshot({ path: testInfo.outputPath("flow-finding-list.png") });
    await editor.screenshot({ path: testInfo.outputPath("flow-finding-in-place.png") });

    // A syntax error is reported at once, on its line, and keeps the last good graph on screen.
    await editor.fill("steps: [\n");
    await expect(findings).toContainText("not valid YAML or JSON");
    await expect(page.locator(".cm-lint-marker-error")).toHaveCount(1);
    await expect(graph.locator("[data-step-id]")).toHaveCount(4);
    // Templates need a document that parses.
    await expect(templates.getByRole("button", { name: "Tool" })).toBeDisabled();

    await editor.fill(document("service.http.post"));
    await expect(page.getByTestId("flow-findings-clean")).toHaveText("No findings: the document can be published.");
    await expect(page.getByLabel("service.http")).toHaveValue("service");

    await page.getByLabel("Change note").fill("First version");
    await page.getByRole("button", { name: "Save and publish revision 1" }).click();
    await expect(page.getByText("Published revision 1")).toBeVisible();
    // The published badge (the revision pickers below the history name "Revision 1" too).
    await expect(page.getByRole("main").locator("span", { hasText: /^Revision 1$/ })).toBeVisible();
    await expect(rowNamed(page, "Revisions", "First version")).toContainText("1");

    // The graph shows every step, the branch's arms and the end.
    for (const id of ["lookup", "known", "summary", "end"])
      await expect(graph.locator(`[data-step-id="${id}"]`)).toBeVisible();
    await expect(graph.locator('[data-step-id="lookup"]')).toContainText("service.http.post");
    await expect(graph.locator('[data-step-id="known"]')).toContainText("Branch");
    await expect(graph.getByText("then", { exact: true })).toBeVisible();
    await expect(graph.getByText("else", { exact: true })).toBeVisible();

    // JSON is the same document.
    await page.getByRole("button", { name: "JSON" }).click();
    await expect.poll(() => editorText(editor)).toMatch(/"kind": "branch"/);

    // The revision keeps what was published.
    await page.getByRole("button", { name: "View revision 1" }).click();
    await expect(page.getByLabel("Document of revision 1")).toContainText("tool: service.http.post");

    // The list shows the published flow.
    await page.goto(`/flows?domain=${ops}`);
    await expect(rowNamed(page, "Flows", name)).toContainText("Revision 1");
    const flowUrl = await rowNamed(page, "Flows", name).getByRole("link", { name }).getAttribute("href");

    // A viewer of the domain sees the flow read only.
    await context.clearCookies();
    await useFixtureSession(context, acme().users.viewer, baseURL!);
    await page.goto(flowUrl!);
    await expect(page.getByTestId("read-only-note")).toContainText("Read only.");
    await expect(page.getByRole("textbox", { name: "Flow document" })).toHaveCount(0);
    await expect(page.getByLabel("Flow document")).toContainText("tool: service.http.post");
    await expect(page.getByTestId("flow-graph").locator("[data-step-id]")).toHaveCount(4);
    await expect(page.getByRole("button", { name: /Publish/ })).toHaveCount(0);
  });
});
