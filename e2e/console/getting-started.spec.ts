import { expect, test } from "@playwright/test";
import { world } from "../support/world";
import { expectOverview, rowNamed, signInWithForm, useFixtureSession } from "./helpers";

// The Overview shows a new organization the way in (issue 15), ticked from real state.

test.describe("getting started", () => {
  test("the first step ticks itself off once the person has a key in this organization", async ({ page }, testInfo) => {
    // multiOrg has a key in Acme only: in Globex it starts from nothing.
    const multiOrg = world().orgs.acme.users.multiOrg;
    await signInWithForm(page, multiOrg);
    await page.getByRole("button", { name: /Globex/ }).click();
    await expectOverview(page);
    const steps = page.getByRole("list", { name: "Getting started" });
    await expect(steps.getByLabel("Step 1: Create a personal API key", { exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("overview-new.png"), fullPage: true });

    await steps.getByRole("link", { name: "Create a key →" }).click();
    await page.getByLabel("Key name").fill(`first-${Date.now()}`);
    await page.getByRole("button", { name: "Create key" }).click();
    await page.getByRole("button", { name: "Done" }).click();
    await page.goto("/");
    await expect(steps.getByLabel("Step 1: Create a personal API key (done)", { exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("overview-key-done.png"), fullPage: true });
  });

  test("a member sees a ready curl with a real agent id and this host, and domain rows open the domain", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const acme = world().orgs.acme;
    await useFixtureSession(context, acme.users.operator, baseURL!);
    await page.goto("/");
    const call = page.getByLabel("Ready call");
    await expect(call).toContainText(`${baseURL}/api/v1/agents/`);
    // The newest published agent of the organization: other specs publish agents in this world too.
    const text = (await call.textContent()) ?? "";
    const agentId = /\/api\/v1\/agents\/([0-9a-f-]{36})\/sessions/.exec(text)?.[1];
    expect(agentId).toBeTruthy();
    // A newcomer copies the call as is: it names an agent that needs no caller credentials (the
    // fixture's "Caller-only reader" would refuse it), so the body is just the message.
    expect(agentId).not.toBe(acme.agents.callerRequired.id);
    expect(text).toContain(`'{"message": "Hello"}'`);
    await expect(page.getByTestId("caller-credentials-note")).toHaveCount(0);
    const agents = await page.request.get(`/api/v1/authoring/automations/${agentId}/verify`, {
      headers: { authorization: `Bearer ${acme.users.operator.apiKey}` },
    });
    expect(agents.status()).not.toBe(404);
    await expect(
      page
        .getByRole("list", { name: "Getting started" })
        .getByLabel("Step 2: Create and publish an agent (done)", { exact: true }),
    ).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("overview-member.png"), fullPage: true });

    await rowNamed(page, "Domains", "Ops").getByRole("link", { name: "Ops" }).click();
    await expect(page).toHaveURL(new RegExp(`/domains/${acme.domains.ops.id}/agents$`));
  });

  test("an agent's page shows its id and a ready call with the SDK snippet", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const acme = world().orgs.acme;
    await useFixtureSession(context, acme.users.operator, baseURL!);
    await page.goto(`/domains/${acme.domains.ops.id}/agents/${acme.agents.echo.id}`);
    await expect(page.getByTestId("automation-id")).toHaveText(acme.agents.echo.id);
    await expect(page.getByLabel("Call this agent with curl")).toContainText(
      `/api/v1/agents/${acme.agents.echo.id}/sessions`,
    );
    await page.getByRole("tab", { name: "TypeScript SDK" }).click();
    await expect(page.getByLabel("Call this agent with the TypeScript SDK")).toContainText(
      `automationId: "${acme.agents.echo.id}"`,
    );
    await expect(page.getByTestId("caller-credentials-note")).toHaveCount(0);
    // An agent whose published revision binds the HTTP tool as caller_required: the ready call
    // carries the callerCredentials it would be refused without, and says what to fill in.
    await page.goto(`/domains/${acme.domains.ops.id}/agents/${acme.agents.callerRequired.id}`);
    await expect(page.getByLabel("Call this agent with curl")).toContainText('"callerCredentials"');
    await expect(page.getByLabel("Call this agent with curl")).toContainText("<your end user token for service.http>");
    await expect(page.getByTestId("caller-credentials-note")).toContainText("CALLER_CREDENTIALS_REQUIRED");
    await page.goto(`/flows/${acme.flows.echo.id}`);
    await expect(page.getByLabel("Call this flow with curl")).toContainText(`"triggerId": "${acme.triggers.api.id}"`);
    await page.screenshot({ path: testInfo.outputPath("flow-call.png"), fullPage: true });
  });
});
