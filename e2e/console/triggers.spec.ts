import { expect, test, type Page } from "@playwright/test";
import { world } from "../support/world";
import { useFixtureSession } from "./helpers";

const acme = () => world().orgs.acme;
const card = (page: Page, name: string) => page.getByRole("region", { name: `Trigger ${name}`, exact: true });

test.describe("triggers console", () => {
  test("shows the domain's triggers with their subscribers and the refusal of caller-required ones on schedules", async ({
    page,
    context,
    baseURL,
  }) => {
    await useFixtureSession(context, acme().users.editor, baseURL!);
    await page.goto("/triggers");
    await expect(page).toHaveURL(new RegExp(`/triggers/${acme().domains.ops.id}$`));
    const api = card(page, "Ops API trigger");
    await expect(api.getByText("Active", { exact: true })).toBeVisible();
    for (const name of ["HTTP reader", "Caller-only reader", "Echo flow"])
      await expect(api.getByRole("listitem").filter({ hasText: name })).toHaveCount(1);
    // API firings can carry caller credentials, so nothing is marked refused there.
    await expect(api).not.toContainText("refused");
    const schedule = card(page, "Every minute");
    await expect(schedule).toContainText("* * * * *");
    await expect(schedule.getByRole("listitem").filter({ hasText: "Caller-only reader" })).toContainText(
      "refused: needs caller credentials",
    );
    await expect(card(page, "Inactive API trigger")).toContainText("Inactive");
    await expect(page.getByRole("region", { name: "Trigger Sales API trigger" })).toHaveCount(0);
  });

  test("an editor creates an API trigger, subscribes and unsubscribes an agent, deactivates and activates it", async ({
    page,
    context,
    baseURL,
  }) => {
    await useFixtureSession(context, acme().users.editor, baseURL!);
    await page.goto(`/triggers/${acme().domains.ops.id}`);
    const name = `E2E api ${Date.now()}`;
    const form = page.getByRole("form", { name: "New trigger" });
    await form.getByRole("button", { name: "Create trigger" }).click();
    await expect(form).toContainText("Name must not be blank");
    await form.getByLabel("Name").fill(name);
    await form.getByRole("button", { name: "Create trigger" }).click();
    await expect(form.getByRole("status")).toContainText(`Trigger “${name}” created`);

    const created = card(page, name);
    await expect(created).toContainText("No agent or flow is subscribed");
    const subscribe = created.getByRole("form", { name: `Subscribe to ${name}` });
    await subscribe.getByLabel("Agent or flow").selectOption({ label: "Echo (agent)" });
    await subscribe.getByRole("button", { name: "Subscribe" }).click();
    await expect(created.getByRole("listitem").filter({ hasText: "Echo" })).toHaveCount(1);
    // Only published automations are offered: the unpublished draft never is.
    await expect(subscribe.getByLabel("Agent or flow").locator("option", { hasText: "Unpublished draft" })).toHaveCount(
      0,
    );
    await page.reload();
    await expect(card(page, name).getByRole("listitem").filter({ hasText: "Echo" })).toHaveCount(1);

    await card(page, name)
      .getByRole("button", { name: `Unsubscribe Echo from ${name}` })
      .click();
    await expect(card(page, name)).toContainText("No agent or flow is subscribed");

    await card(page, name)
      .getByRole("button", { name: `Deactivate ${name}` })
      .click();
    await expect(card(page, name)).toContainText("stop receiving firings");
    await card(page, name)
      .getByRole("button", { name: `Deactivate ${name}` })
      .click();
    await expect(card(page, name)).toContainText("Inactive");
    await card(page, name)
      .getByRole("button", { name: `Activate ${name}` })
      .click();
    await expect(card(page, name).getByText("Active", { exact: true })).toBeVisible();
  });

  test("a schedule trigger: every error on its field, the next firings in its zone and the agent's message before saving", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await useFixtureSession(context, acme().users.owner, baseURL!);
    await page.goto(`/triggers/${acme().domains.ops.id}`);
    const name = `E2E schedule ${Date.now()}`;
    const form = page.getByRole("form", { name: "New trigger" });
    await form.getByLabel("Type").selectOption("schedule");
    // Three mistakes at once: each is reported under its own field, none in a banner.
    await form.getByLabel("Cron").fill("*/5 * * * * *");
    await form.getByLabel("Input", { exact: true }).fill("{not json");
    await form.getByRole("button", { name: "Create trigger" }).click();
    await expect(form.getByLabel("Name")).toHaveAccessibleDescription("Name must not be blank");
    await expect(form.getByLabel("Cron")).toHaveAccessibleDescription(/write 5/);
    await expect(form.getByLabel("Input", { exact: true })).toHaveAccessibleDescription(/Input must be a JSON object/);
    await expect(form.getByRole("alert")).toHaveCount(0);
    await form.screenshot({ path: testInfo.outputPath("trigger-field-errors.png") });

    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Cron").fill("30 6 * * *");
    await form.getByLabel("Time zone").fill("Europe/Berlin");
    // The next firings, at 06:30 on the zone's clock.
    const firings = form.getByRole("list", { name: "Next firings" });
    await expect(firings.getByRole("listitem")).toHaveCount(5);
    for (const firing of await firings.getByRole("listitem").allTextContents()) expect(firing).toMatch(/06:30/);
    await form.getByLabel("Time zone").fill("Mars/Olympus");
    await expect(form.getByLabel("Time zone")).toHaveAccessibleDescription(/not an IANA time zone/);
    await form.getByLabel("Time zone").fill("Europe/Berlin");
    await form.getByLabel("Input", { exact: true }).fill('{"report": "morning", "prompt": "Write the morning report"}');
    await expect(form.getByLabel("Agent message preview")).toHaveText("Write the morning report");
    await form.getByLabel("Input", { exact: true }).fill('{"report": "morning"}');
    await expect(form.getByLabel("Agent message preview")).toHaveText(
      `Trigger "${name}" fired with:\n- report: morning`,
    );
    await form.screenshot({ path: testInfo.outputPath("trigger-schedule-preview.png") });
    await form.getByRole("button", { name: "Create trigger" }).click();
    await expect(form.getByRole("status")).toContainText(`Trigger “${name}” created`);
    const created = card(page, name);
    await expect(created).toContainText("30 6 * * * in Europe/Berlin");
    await expect(created).toContainText('{"report":"morning"}');
    await expect(created).not.toContainText("None while inactive");
  });

  test("an event trigger shows its ingress URL and never its endpoint secret", async ({ page, context, baseURL }) => {
    await useFixtureSession(context, acme().users.editor, baseURL!);
    await page.goto(`/triggers/${acme().domains.ops.id}`);
    const name = `E2E event ${Date.now()}`;
    const secret = `whsec-e2e-${Date.now()}-abcdef`;
    const form = page.getByRole("form", { name: "New trigger" });
    await form.getByLabel("Type").selectOption("event");
    await form.getByLabel("Name").fill(name);
    await expect(form.getByLabel("Source")).toHaveValue("service.http");
    await expect(form.getByLabel("Event")).toHaveValue("webhook.received");
    await expect(form.getByLabel("Connection")).toHaveValue(acme().connections.http.id);
    await form.getByLabel("Endpoint secret").fill(secret);
    await form.getByLabel("Filter field").fill("headers.x");
    await form.getByRole("button", { name: "Create trigger" }).click();
    // The service's refusal names its field, so it is shown there.
    await expect(form.getByLabel("Filter field")).toHaveAccessibleDescription(/Filter on one of/);
    // The agent's message for a sample event, shaped as the ingress shapes it.
    await form.getByLabel("Try a sample (JSON: actor?, occurredAt?, payload)").fill('{"payload": {"amount": 250}}');
    await expect(form.getByLabel("Agent message preview")).toContainText(
      `Trigger "${name}" fired with:\n- eventType: webhook.received`,
    );
    await expect(form.getByLabel("Agent message preview")).toContainText("- payload:\n  - amount: 250");
    await form.getByLabel("Filter field").fill("payload.amount");
    await form.getByLabel("Filter operator").selectOption(">");
    await form.getByLabel("Filter value").fill("100");
    await form.getByRole("button", { name: "Create trigger" }).click();
    await expect(form.getByRole("status")).toContainText(`Trigger “${name}” created`);
    const created = card(page, name);
    await expect(created.getByLabel("Ingress URL")).toHaveText(/\/api\/v1\/triggers\/ingress\/[A-Za-z0-9_-]{43}$/);
    await expect(created).toContainText("payload.amount > 100");
    await expect(created).toContainText("must be signed with the endpoint secret");
    await page.reload();
    await expect(page.locator("body")).not.toContainText(secret);
  });

  test("a viewer sees the triggers but cannot create or change them", async ({ page, context, baseURL }) => {
    await useFixtureSession(context, acme().users.viewer, baseURL!);
    await page.goto(`/triggers/${acme().domains.ops.id}`);
    await expect(card(page, "Ops API trigger")).toBeVisible();
    await expect(page.getByRole("form", { name: "New trigger" })).toHaveCount(0);
    await expect(card(page, "Ops API trigger").getByRole("button")).toHaveCount(0);
  });
});
