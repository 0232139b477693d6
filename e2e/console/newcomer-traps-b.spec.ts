import AxeBuilder from "@axe-core/playwright";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { bearer, world } from "../support/world";
import { useFixtureSession } from "./helpers";

// Issue 41, newcomer traps 5, 7 and 9: the session page names the agent and revision that ran
// and times each tool call; publishing an unchanged draft says which revision it repeats,
// revisions can be compared and restored into the draft; an unknown address shows the
// product's 404 with a way home; the console follows a dark system setting and stays readable.
// Only records this spec creates are changed (its own agent); the fixture world is only read.

const acme = () => world().orgs.acme;
// The machine these run on is shared and slow at times: each step waits up to 30 s, not 10.
const expect = baseExpect.configure({ timeout: 30_000 });

async function expectNoSeriousAxeViolations(page: Page, what: string) {
  await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 15_000 });
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(serious, `axe in dark on ${what}`).toEqual([]);
}

test.describe("newcomer traps (revisions, session facts, 404, dark)", () => {
  // Several pages, publishes and axe runs per test: more than the default minute on a busy machine.
  test.describe.configure({ timeout: 180_000 });

  test("publishing twice says nothing changed (revision 2 repeats 1); a change publishes; revisions compare and restore", async ({
    page,
    context,
    baseURL,
  }) => {
    await useFixtureSession(context, acme().users.editor, baseURL!);
    const ops = acme().domains.ops.id;
    const name = `Traps B agent ${Date.now()}`;

    await page.goto(`/domains/${ops}/agents/new`);
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: "Create agent" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await page.getByLabel("Principles").fill("Answer in English.");

    await page.getByRole("button", { name: "Save and publish revision 1" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Published revision 1" })).toBeVisible();

    // The same draft again: the spec's publish still numbers a new revision, and the page says it repeats 1.
    await page.getByRole("button", { name: "Publish revision 2" }).click();
    const repeated = page.getByRole("status").filter({ hasText: "Nothing changed since revision 1" });
    await expect(repeated).toBeVisible();
    await expect(repeated).toContainText("Revision 2 is identical to revision 1");
    const history = page.getByRole("table", { name: "Revisions" });
    await expect(history.getByRole("row")).toHaveCount(3);

    await page.getByLabel("Principles").fill("Answer in French.");
    await page.getByLabel("Change note").fill("French");
    await page.getByRole("button", { name: "Save and publish revision 3" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Published revision 3" })).toBeVisible();
    await expect(history.getByRole("row")).toHaveCount(4);

    // Compare 2 with 3: the principles changed, line by line.
    const tools = page.getByRole("region", { name: "Compare and restore revisions" });
    await expect(tools.getByLabel("From revision")).toHaveValue("2");
    await expect(tools.getByLabel("To revision")).toHaveValue("3");
    await tools.getByRole("button", { name: "Compare" }).click();
    const changes = tools.getByRole("region", { name: "Changes from revision 2 to revision 3" });
    await expect(changes).toContainText("One thing changed from revision 2 to revision 3.");
    await expect(changes).toContainText("Principles");
    await expect(changes.locator('[data-op="removed"]')).toContainText("Answer in English.");
    await expect(changes.locator('[data-op="added"]')).toContainText("Answer in French.");

    // Restore revision 1 into the draft: the draft changes, the published revision does not.
    await tools.getByLabel("Revision to restore").selectOption("1");
    await tools.getByRole("button", { name: "Restore into draft" }).click();
    const dialog = page.getByRole("dialog", { name: "Restore revision 1 into the draft?" });
    await dialog.getByRole("button", { name: "Restore into draft" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Revision 1 was copied into the draft" })).toBeVisible();
    await expect(page.getByLabel("Principles")).toHaveValue("Answer in English.");
    await expect(page.getByRole("button", { name: "Publish revision 4" })).toBeVisible();
    await expect(history.getByRole("row")).toHaveCount(4);
  });

  test("a session page names the agent and revision that ran, and how long each tool call took", async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const opened = await request.post(`/api/v1/agents/${acme().agents.httpRead.id}/sessions`, {
      headers: bearer(acme().users.operator.apiKey),
      data: { message: "read the record" },
    });
    expect(opened.status()).toBe(202);
    const { sessionId } = (await opened.json()) as { sessionId: string };

    await useFixtureSession(context, acme().users.viewer, baseURL!);
    await page.goto(`/sessions/${sessionId}`);
    const facts = page.getByTestId("session-run-facts");
    await expect(facts).toContainText(/Agent HTTP reader, revision \d+/);
    await expect(facts.getByRole("link", { name: "HTTP reader" })).toHaveAttribute(
      "href",
      `/domains/${acme().domains.ops.id}/agents/${acme().agents.httpRead.id}`,
    );
    await expect(page.getByTestId("turn-facts").first()).toContainText(/Turn 1 ran revision \d+/);
    await expect(page.getByTestId("tool-call-duration").first()).toHaveText(/^took \d+(\.\d)? (ms|s)$/, {
      timeout: 20_000,
    });
  });

  test("an unknown address shows the product's 404 with a way home", async ({ page, context, baseURL }) => {
    await useFixtureSession(context, acme().users.owner, baseURL!);
    const response = await page.goto("/no-such-page-anywhere");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "This page does not exist" })).toBeVisible();
    await page.getByRole("link", { name: "Go to the Overview" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("in a dark system setting the console turns dark and stays readable (axe, WCAG 2.1 AA)", async ({
    page,
    context,
    baseURL,
  }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await useFixtureSession(context, acme().users.owner, baseURL!);
    await page.goto("/");
    await expect(page.locator("h1").first()).toBeVisible();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe("rgb(12, 17, 29)");
    await expectNoSeriousAxeViolations(page, "/");

    for (const path of ["/sessions", "/flows", "/no-such-page-anywhere"]) {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
      await expectNoSeriousAxeViolations(page, path);
    }
  });
});
