import { expect, test } from "@playwright/test";
import { world } from "../support/world";
import { diagnosticMarks, editorText, selectedText } from "./code-editor";
import { rowNamed, useFixtureSession } from "./helpers";

const acme = () => world().orgs.acme;

test.describe("agent authoring", () => {
  test("an editor creates an agent, completes tool references, fixes a finding and publishes revision 1", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await useFixtureSession(context, acme().users.editor, baseURL!);
    const ops = acme().domains.ops.id;
    const name = `E2E agent ${Date.now()}`;

    // The nav entry opens the first domain the editor belongs to.
    await page.goto("/");
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Agents" }).click();
    await expect(page).toHaveURL(new RegExp(`/domains/${ops}/agents$`));
    await expect(rowNamed(page, "Agents", "HTTP reader")).toContainText("Revision 1");
    await expect(rowNamed(page, "Agents", "Unpublished draft")).toContainText("Draft");

    await page.getByRole("link", { name: "New agent" }).first().click();
    await page.getByRole("button", { name: "Create agent" }).click();
    await expect(page.getByText("Name must not be blank")).toBeVisible();
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Description (optional)").fill("Reads records for the e2e suite.");
    await page.getByRole("button", { name: "Create agent" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("main").getByText("Draft", { exact: true }).first()).toBeVisible();

    // `#` completion: the keyboard (Down, Enter) and the mouse both insert a wire id.
    const procedure = page.getByRole("textbox", { name: "Procedure" });
    await procedure.click();
    await procedure.pressSequentially("Read the record.\n#service.http.");
    const tools = page.getByRole("listbox", { name: "Tools" });
    await expect(tools.getByRole("option")).toHaveCount(5);
    await expect(tools.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await procedure.pressSequentially("g");
    await expect(tools.getByRole("option")).toHaveCount(1);
    await procedure.press("Enter");
    await expect(tools).toBeHidden();
    await procedure.pressSequentially('{"url": "https://example.com/read"}\n#know');
    // The list filters as each key lands: click once it shows only what "#know" matches (a click
    // on the list of an earlier keystroke inserted nothing, once, in CI), and see it insert.
    const knowledge = tools.getByRole("option", { name: /#service\.knowledge\.search/ });
    await expect(tools.getByRole("option")).toHaveCount(1);
    await knowledge.click();
    await expect(tools).toBeHidden();
    await procedure.pressSequentially('{"query": "refunds"}\nThen #service.http.gett {}');
    await expect
      .poll(() => editorText(procedure))
      .toBe(
        'Read the record.\n#service.http.get {"url": "https://example.com/read"}\n#service.knowledge.search {"query": "refunds"}\nThen #service.http.gett {}',
      );
    // Escape closes the list without inserting anything.
    await procedure.pressSequentially("\n#serv");
    await expect(tools).toBeVisible();
    await procedure.press("Escape");
    await expect(tools).toBeHidden();
    await procedure.press("Backspace");
    await procedure.press("Backspace");
    await procedure.press("Backspace");
    await procedure.press("Backspace");
    await procedure.press("Backspace");
    await procedure.press("Backspace");

    // The syntax of tool lines and placeholders is shown beside the editor.
    const syntax = page.getByRole("complementary", { name: "Syntax" });
    await expect(syntax).toContainText("{{message}}");
    await expect(syntax).toContainText("{{input.<path>}}");
    await procedure.screenshot({ path: testInfo.outputPath("procedure-editor.png") });

    // The model picker offers the models this installation runs and still takes a typed id.
    const model = page.getByRole("combobox", { name: "Model" });
    const offered = () =>
      page
        .getByTestId("model-options")
        .locator("option")
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    await expect
      .poll(async () => (await offered()).slice(0, 3))
      .toEqual(["builtin:echo", "builtin:procedure", "builtin:assistant"]);
    await expect(model).toHaveAccessibleDescription(/Only the built-in models run here|type any/);
    await model.fill("builtin:procedure");
    await page.getByLabel("HTTP (service.http)").selectOption("caller_preferred");
    await expect(page.getByText("takes no credential; it always runs as the service")).toBeVisible();
    await page.getByLabel("Approval tools", { exact: true }).selectOption("service.http.post");
    await expect(page.getByRole("list", { name: "Tools that need approval" })).toContainText("service.http.post");
    await page.getByRole("button", { name: "Remove service.http.post from approval tools" }).click();
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByTestId("save-state")).toHaveText("All changes saved");

    // The typo is a finding, highlighted in the verified procedure.
    const panel = page.getByTestId("verify-panel");
    await page.getByRole("button", { name: "Verify draft" }).click();
    await expect(panel.getByText("1 finding")).toBeVisible();
    const findings = panel.getByRole("list", { name: "Findings" });
    await expect(findings).toContainText("Unresolved reference");
    await expect(findings).toContainText("#service.http.gett refers to no tool");
    await expect(panel.getByTestId("procedure-mirror").locator("mark")).toHaveText("#service.http.gett");
    // ...and marked in place, on its line in the editor.
    await expect(diagnosticMarks(procedure)).toHaveText(["#service.http.gett"]);
    await page.screenshot({ path: testInfo.outputPath("procedure-finding.png"), fullPage: true });
    await findings.getByRole("button", { name: "Show in procedure" }).click();
    await expect.poll(() => selectedText(page)).toBe("#service.http.gett");
    await expect(panel.getByRole("list", { name: "Bindings" })).toContainText("service.http");

    // Publish refuses while the finding stands.
    await page.getByLabel("Change note").fill("First release");
    await page.getByRole("button", { name: "Publish revision 1" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Not published" })).toContainText(
      "#service.http.gett refers to no tool",
    );

    await findings.getByRole("button", { name: "Replace with #service.http.get" }).click();
    await expect(panel.getByText("No findings: ready to publish")).toBeVisible();
    await expect.poll(() => editorText(procedure)).toMatch(/Then #service\.http\.get \{\}$/);
    await expect(diagnosticMarks(procedure)).toHaveCount(0);
    await expect(panel.getByRole("list", { name: "Bindings" })).toContainText("Prefer caller");

    await page.getByRole("button", { name: "Publish revision 1" }).click();
    const published = page.getByRole("status").filter({ hasText: "Published revision 1" });
    await expect(published).toBeVisible();
    const history = page.getByRole("table", { name: "Revisions" });
    await expect(history.getByRole("row")).toHaveCount(2);
    await expect(history).toContainText("First release");
    await expect(history).toContainText("Eddie Editor");

    await history.getByRole("button", { name: "View revision 1" }).click();
    const snapshot = page.getByTestId("revision-snapshot");
    await expect(snapshot).toContainText("builtin:procedure");
    await expect(snapshot).toContainText("#service.knowledge.search");
    await expect(snapshot).toContainText("service.http: Prefer caller");

    // The list shows the new revision too.
    await page.getByRole("link", { name: `Agents of Ops` }).click();
    await expect(rowNamed(page, "Agents", name)).toContainText("Revision 1");
  });

  test("a viewer sees an agent read-only", async ({ page, context, baseURL }) => {
    await useFixtureSession(context, acme().users.viewer, baseURL!);
    const ops = acme().domains.ops.id;
    await page.goto(`/domains/${ops}/agents`);
    await expect(rowNamed(page, "Agents", "HTTP reader")).toBeVisible();
    await expect(page.getByRole("link", { name: "New agent" })).toHaveCount(0);

    await page.goto(`/domains/${ops}/agents/${acme().agents.httpRead.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "HTTP reader" })).toBeVisible();
    await expect(page.getByTestId("read-only-note")).toContainText("Viewer");
    await expect(page.getByRole("main")).toContainText("#service.http.get");
    await expect(page.getByRole("main")).toContainText("service.http: Prefer caller");
    for (const control of ["Save draft", "Verify draft", /Publish/])
      await expect(page.getByRole("button", { name: control })).toHaveCount(0);
    await expect(page.getByRole("textbox")).toHaveCount(0);
    await expect(page.getByRole("table", { name: "Revisions" })).toContainText("Fixture world");
  });
});
