import { expect, test, type Locator, type Page } from "@playwright/test";
import { bearer, world } from "../support/world";
import { useFixtureSession } from "./helpers";

const acme = () => world().orgs.acme;

/** The number a totals figure shows ("Runs" -> 12). */
async function total(page: Page, label: string): Promise<number> {
  const text = await page
    .getByRole("region", { name: "Totals" })
    .locator("dl > div", { has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator("dd")
    .innerText();
  return Number(text.replace(/[^0-9.]/g, ""));
}

/** Waits until the figures shown are the current filters' (the page keeps the previous ones while it loads). */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="false"]').first()).toBeVisible();
}

/** The rows of a chart's "Show the numbers" table, as cell texts. */
async function numbers(chart: Locator): Promise<string[][]> {
  const details = chart.locator("details");
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open)))
    await chart.getByText("Show the numbers").click();
  return chart
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll("td"), (cell) => cell.textContent ?? "")));
}

test.describe("Usage", () => {
  test("charts the organization's runs from real sessions, and the filters change them", async ({
    page,
    context,
    baseURL,
    request,
  }, testInfo) => {
    // Real runs: the API trigger starts a read agent, a caller-only agent (fails without caller
    // material) and the echo flow; the owner also starts an echo session.
    const fired = await request.post("/api/v1/triggers/fire", {
      headers: bearer(acme().users.operator.apiKey),
      data: { triggerId: acme().triggers.api.id, input: { prompt: `usage-${Date.now()}` } },
    });
    expect(fired.status()).toBe(202);
    const started = await request.post(`/api/v1/agents/${acme().agents.echo.id}/sessions`, {
      headers: bearer(acme().users.owner.apiKey),
      data: { message: "usage please" },
    });
    expect(started.status()).toBe(202);

    await useFixtureSession(context, acme().users.owner, baseURL!);
    await page.goto("/usage");
    await expect(page.getByRole("heading", { level: 1, name: "Usage" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Usage" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("Every run of the organization.")).toBeVisible();

    const runsChart = page.getByRole("region", { name: "Runs by outcome" });
    const byAutomation = page.getByRole("region", { name: "By agent and flow" });
    // The charts draw bars for today's runs (Recharts renders SVG rectangles per data point).
    await expect(runsChart.locator(".recharts-bar-rectangle path, .recharts-bar-rectangle rect").first()).toBeVisible();
    await expect(
      byAutomation.locator(".recharts-bar-rectangle path, .recharts-bar-rectangle rect").first(),
    ).toBeVisible();
    for (const name of ["Model tokens", "Model cost", "Approvals waited for"])
      await expect(page.getByRole("region", { name }).locator("svg.recharts-surface").first()).toBeVisible();
    // The trigger's read agent and flow, and the echo session: at least three runs today, one completed (echo answers at once).
    expect(await total(page, "Runs")).toBeGreaterThanOrEqual(3);
    await expect
      .poll(async () => (await page.reload(), Number((await numbers(runsChart)).at(-1)![2])), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(1);
    const names = (await numbers(byAutomation)).map((row) => row[0]);
    expect(names).toEqual(expect.arrayContaining(["Echo", "Echo flow"]));
    await page.screenshot({ path: testInfo.outputPath("usage-all.png"), fullPage: true });

    // Kind: only flows, in every chart.
    await page.getByLabel("Kind", { exact: true }).selectOption("flow");
    await expect.poll(async () => (await numbers(byAutomation)).every((row) => row[1] === "Flow")).toBe(true);
    expect((await numbers(byAutomation)).length).toBeGreaterThanOrEqual(1);
    const flowRuns = await total(page, "Runs");
    expect(flowRuns).toBeGreaterThanOrEqual(1);

    // Outcome: completed only (the echo session completes at once); no counted run failed.
    await page.getByLabel("Kind", { exact: true }).selectOption("");
    await page.getByLabel("Outcome", { exact: true }).selectOption("completed");
    await settled(page);
    await expect.poll(() => total(page, "Failed")).toBe(0);
    expect(await total(page, "Runs")).toBeGreaterThanOrEqual(1);
    // Every counted run of today is a completed one (polled: runs elsewhere may complete meanwhile).
    await expect
      .poll(async () => {
        await settled(page);
        const [, runs, completed] = (await numbers(runsChart)).at(-1)!;
        return Number(runs) >= 1 && runs === completed;
      })
      .toBe(true);
    await page.getByLabel("Outcome", { exact: true }).selectOption("failed");
    await expect.poll(async () => (await total(page, "Runs")) === (await total(page, "Failed"))).toBe(true);

    // Automation: one agent; its row is the only one in the per-automation chart.
    await page.getByLabel("Outcome", { exact: true }).selectOption("");
    await page.getByLabel("Automation", { exact: true }).selectOption(acme().agents.echo.id);
    await expect.poll(async () => (await numbers(byAutomation)).map((row) => row[0])).toEqual(["Echo"]);

    // A range in the future has no runs at all; a reversed range is refused on its field.
    await page.getByLabel("Automation", { exact: true }).selectOption("");
    await page.getByLabel("To", { exact: true }).fill("2099-01-31");
    await page.getByLabel("From", { exact: true }).fill("2099-01-01");
    await expect.poll(() => total(page, "Runs")).toBe(0);
    await expect(runsChart.locator("tbody tr")).toHaveCount(31);
    await page.getByLabel("From", { exact: true }).fill("2099-02-05");
    await expect(page.getByText("The start day must not be after the end day.")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("usage-filtered.png"), fullPage: true });
  });

  test("the filters live in the URL: reload, back and a shared link keep them", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await useFixtureSession(context, acme().users.owner, baseURL!);
    await page.goto("/usage");
    const kind = page.getByLabel("Kind", { exact: true });
    const outcome = page.getByLabel("Outcome", { exact: true });
    await kind.selectOption("flow");
    await expect(page).toHaveURL(/[?&]kind=flow(&|$)/);
    await outcome.selectOption("failed");
    await expect(page).toHaveURL(/[?&]outcome=failed(&|$)/);

    await page.reload();
    await expect(kind).toHaveValue("flow");
    await expect(outcome).toHaveValue("failed");
    const byAutomation = page.getByRole("region", { name: "By agent and flow" });
    await expect.poll(async () => (await numbers(byAutomation)).every((row) => row[1] === "Flow")).toBe(true);

    // Back undoes the last choice, forward restores it.
    await page.goBack();
    await expect(outcome).toHaveValue("");
    await expect(kind).toHaveValue("flow");
    await page.goForward();
    await expect(outcome).toHaveValue("failed");

    // A shared link with a date range opens with that range chosen.
    await page.goto("/usage?from=2099-01-01&to=2099-01-31&kind=agent");
    await expect(page.getByLabel("From", { exact: true })).toHaveValue("2099-01-01");
    await expect(page.getByLabel("To", { exact: true })).toHaveValue("2099-01-31");
    await expect(kind).toHaveValue("agent");
    await expect.poll(() => total(page, "Runs")).toBe(0);
    await page.screenshot({ path: testInfo.outputPath("usage-shared-link.png"), fullPage: true });
  });

  test("quick edits on a slow machine all reach the URL, and Back undoes only the last", async ({
    page,
    context,
    baseURL,
  }) => {
    // Every step runs on a CPU slowed eightfold: 28 s alone on a loaded 2-core machine, and the
    // e2e run's other workers share those cores.
    test.setTimeout(150_000);
    await useFixtureSession(context, acme().users.owner, baseURL!);
    await page.goto("/usage");
    await expect(page.getByRole("region", { name: "Totals" })).toBeVisible();
    // A slow CPU keeps each re-render in flight while the next edit arrives (Next.js replayed a
    // pushed URL into its router late and rewrote the newer entry: the To was lost).
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 8 });
    const kind = page.getByLabel("Kind", { exact: true });
    await kind.selectOption("flow");
    await kind.selectOption("");
    await page.getByLabel("To", { exact: true }).fill("2099-01-31");
    await page.getByLabel("From", { exact: true }).fill("2099-01-01");
    await expect(page).toHaveURL(/\/usage\?from=2099-01-01&to=2099-01-31$/);
    await expect.poll(() => total(page, "Runs")).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/usage\?to=2099-01-31$/);
    await expect(page.getByLabel("From", { exact: true })).not.toHaveValue("2099-01-01");
    await expect(page.getByLabel("To", { exact: true })).toHaveValue("2099-01-31");
    await page.goBack();
    await expect(page).toHaveURL(/\/usage$/);
    await expect(kind).toHaveValue("");
    await page.goBack();
    await expect(page).toHaveURL(/\/usage\?kind=flow$/);
    await expect(kind).toHaveValue("flow");
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  });

  test("the budget page charts the month's spend against the limit", async ({ page, context, baseURL }, testInfo) => {
    await useFixtureSession(context, acme().users.viewer, baseURL!);
    await page.goto("/settings/budget");
    const chart = page.getByRole("region", { name: "Spend against the limit" });
    await expect(chart.locator("svg.recharts-surface").first()).toBeVisible();
    // One row per day of the month so far, once the month's spend has loaded.
    await expect(chart.locator("tbody tr")).toHaveCount(new Date().getUTCDate());
    const rows = await numbers(chart);
    // The area is drawn (flat at zero when the month has no cost yet, so it is not asserted
    // visible); on the month's first day it is one point, drawn as a dot.
    if (rows.length === 1) await expect(chart.locator(".recharts-area-dots circle")).toHaveCount(1);
    else await expect(chart.locator(".recharts-area-curve")).toHaveCount(1);
    // One row per day of the month so far, ending today (UTC).
    expect(rows.at(-1)![0]).toBe(new Date().toISOString().slice(0, 10));
    expect(rows.length).toBe(new Date().getUTCDate());
    await page.screenshot({ path: testInfo.outputPath("budget-chart.png"), fullPage: true });
  });
});
