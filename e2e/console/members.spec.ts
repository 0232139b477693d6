import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { linkIn, newestMailTo } from "../support/mail";
import { bearer, world } from "../support/world";
import { expectOverview, useFixtureSession } from "./helpers";

// Team management (issue 41): an Owner invites by email, the invitee accepts in a browser of their
// own and lands signed in; disabling them refuses their key and token at once. The acme Owner only
// invites new, unique people and changes no one of the fixture world.

const acme = () => world().orgs.acme;
const PASSWORD = "a long and secret password";

async function expectNoSeriousViolation(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(serious, `axe on ${what}`).toEqual([]);
}

/** The row of a table that mentions `text` (a name or an address; unique per run). */
const rowWith = (page: Page, table: string, text: string) =>
  page.getByRole("table", { name: table }).getByRole("row").filter({ hasText: text });

/** Accepts an invitation link as a new person, in the invitee's own page; they land signed in. */
async function acceptAsNewPerson(invitee: Page, name: string) {
  await invitee.getByLabel("Your name").fill(name);
  await invitee.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await invitee.getByLabel("Confirm password").fill(PASSWORD);
  await invitee.getByRole("button", { name: "Create account and join" }).click();
  // Joining hashes a password, signs in and selects the organization: slower than a page load.
  await expect(invitee).toHaveURL(/\/$/, { timeout: 30_000 });
  await expectOverview(invitee);
}

async function openMembers(page: Page) {
  await page.goto("/settings/members");
  await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Members" })).not.toHaveAttribute("aria-busy", "true");
}

test.describe("members and invitations", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await useFixtureSession(context, acme().users.owner, baseURL!);
  });

  test("an invitee accepts in their own browser and lands signed in; disabled, their key and token are refused", async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    const email = `invitee-${Date.now()}@e2e.test`;
    const name = `Invitee ${Date.now()}`;
    await openMembers(page);
    await expectNoSeriousViolation(page, "/settings/members");

    // A malformed address is refused on its field, before anything is sent.
    await page.getByLabel("Email").fill("not an email");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText("Email must be an email address like name@company.com")).toBeVisible();

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Organization role").selectOption("MEMBER");
    await page.getByLabel("Ops", { exact: true }).selectOption("VIEWER");
    await page.getByRole("button", { name: "Send invitation" }).click();
    const panel = page.getByTestId("invitation-link");
    await expect(panel).toContainText(`Emailed to ${email}`);
    const shown = (await panel.getByLabel("Invitation link").textContent())?.trim() ?? "";
    expect(shown).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    await expect(panel.getByRole("button", { name: "Copy link" })).toBeVisible();
    await expect(rowWith(page, "Pending invitations", email)).toContainText("Ops · Viewer");

    // Inviting the same address again is refused in a sentence, on the field.
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`${email} already has an open invitation`)).toBeVisible();

    const mail = await newestMailTo(email);
    expect(mail.subject).toContain("invited you to");
    expect(linkIn(mail)).toBe(shown);

    // The invitee, in a browser of their own.
    const theirs = await browser.newContext({ baseURL });
    const invitee = await theirs.newPage();
    await invitee.goto(new URL(linkIn(mail)).pathname);
    await expect(invitee.getByRole("heading", { name: /^Join / })).toBeVisible();
    await expect(invitee.getByText("as Member")).toBeVisible();
    await expectNoSeriousViolation(invitee, "the invitation page");
    await acceptAsNewPerson(invitee, name);
    await expect(invitee.getByLabel("Organization")).toHaveValue(acme().id);
    await expect(invitee.getByTestId("user-email")).toHaveText(email);

    // Their machine credentials: a yku_ token from the cookie, a yk_ key from the console.
    const tokenResponse = await invitee.request.post("/api/v1/auth/token");
    expect(tokenResponse.status()).toBe(200);
    const token = ((await tokenResponse.json()) as { token: string }).token;
    await invitee.goto("/settings/api-keys");
    await invitee.getByLabel("Key name").fill("invitee key");
    await invitee.getByRole("button", { name: "Create key" }).click();
    const key = (await invitee.getByTestId("new-secret").getByLabel("New API key").textContent())?.trim() ?? "";
    for (const secret of [token, key]) {
      const whoami = await request.get("/api/v1/auth/whoami", { headers: bearer(secret) });
      expect(whoami.status()).toBe(200);
      expect((await whoami.json()).user.email).toBe(email);
    }

    // The link is spent.
    const used = await theirs.newPage();
    await used.goto(new URL(shown).pathname);
    await expect(used.getByRole("heading", { name: "This invitation was already used" })).toBeVisible();

    // The inviter sees them and disables them: refused at once, everywhere in the organization.
    await openMembers(page);
    const row = rowWith(page, "Members", name);
    await expect(row).toContainText(email);
    await expect(row).toContainText("Ops · Viewer");
    await expect(row).toContainText("Active");
    await row.getByRole("button", { name: "Disable" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Disable member" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Disabled");
    for (const secret of [token, key]) {
      const whoami = await request.get("/api/v1/auth/whoami", { headers: bearer(secret) });
      expect(whoami.status()).toBe(404);
    }
    await invitee.goto("/");
    await expect(invitee).toHaveURL(/\/orgs$/);
    await expect(invitee.getByText("You are not in any organization yet")).toBeVisible();

    // Enabled again, the same key works; removed, it is revoked for good.
    await row.getByRole("button", { name: "Enable" }).click();
    await expect(row).toContainText("Active");
    expect((await request.get("/api/v1/auth/whoami", { headers: bearer(key) })).status()).toBe(200);
    await row.getByRole("button", { name: "Remove" }).click();
    await dialog.getByRole("button", { name: "Remove member" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    expect((await request.get("/api/v1/auth/whoami", { headers: bearer(key) })).status()).toBe(404);
    await theirs.close();
  });

  test("an Owner sends a member a reset link by email; the member sets a new password and the old one is refused", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const email = `reset-${Date.now()}@e2e.test`;
    const name = `Resetting ${Date.now()}`;
    await openMembers(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Organization role").selectOption("MEMBER");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByTestId("invitation-link")).toContainText(`Emailed to ${email}`);
    const theirs = await browser.newContext({ baseURL });
    const member = await theirs.newPage();
    const invitation = linkIn(await newestMailTo(email));
    await member.goto(new URL(invitation).pathname);
    await acceptAsNewPerson(member, name);

    await openMembers(page);
    await rowWith(page, "Members", name).getByRole("button", { name: "Send password reset link" }).click();
    const panel = page.getByTestId("reset-link");
    await expect(panel).toContainText(`Password reset for ${name}`);
    await expect(panel).toContainText(`Emailed to ${email}`);
    // The newest mail to them is the reset once it has arrived (the invitation came first).
    await expect.poll(async () => (await newestMailTo(email)).subject).toBe("Reset your password");
    const reset = new URL(linkIn(await newestMailTo(email))).pathname;
    expect(reset).toMatch(/^\/reset-password\//);

    const fresh = await (await browser.newContext({ baseURL })).newPage();
    await fresh.goto(reset);
    await expect(fresh.getByText(email)).toBeVisible();
    await fresh.getByLabel("New password", { exact: true }).fill("a brand new long password");
    await fresh.getByLabel("Confirm new password").fill("a brand new long password");
    await fresh.getByRole("button", { name: "Set password and sign in" }).click();
    await expectOverview(fresh);

    // The member's earlier session ended with the change; the old password no longer signs in.
    await member.goto("/settings/api-keys");
    await expect(member).toHaveURL(/\/signin$/);
    await member.getByLabel("Email").fill(email);
    await member.getByLabel("Password").fill(PASSWORD);
    await member.getByRole("button", { name: "Sign in" }).click();
    await expect(member.getByText("Email or password is incorrect")).toBeVisible();
    await theirs.close();
  });

  test("a revoked invitation's link says so; an unknown link says it is not valid", async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = `revoked-${Date.now()}@e2e.test`;
    await openMembers(page);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send invitation" }).click();
    const link = (await page.getByTestId("invitation-link").getByLabel("Invitation link").textContent())?.trim() ?? "";
    await rowWith(page, "Pending invitations", email)
      .getByRole("button", { name: `Revoke the invitation of ${email}` })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke invitation" }).click();
    await expect(rowWith(page, "Pending invitations", email)).toHaveCount(0);

    const stranger = await (await browser.newContext({ baseURL })).newPage();
    await stranger.goto(new URL(link).pathname);
    await expect(stranger.getByRole("heading", { name: "This invitation was revoked" })).toBeVisible();
    await expect(stranger.getByRole("button", { name: "Create account and join" })).toHaveCount(0);
    await stranger.goto(`/invite/${"x".repeat(43)}`);
    await expect(stranger.getByRole("heading", { name: "This invitation link is not valid" })).toBeVisible();
    await stranger.context().close();
  });

  test("a plain Member sees the members but no controls", async ({ page, context, baseURL }) => {
    await context.clearCookies();
    await useFixtureSession(context, acme().users.viewer, baseURL!);
    await openMembers(page);
    await expect(page.getByRole("table", { name: "Members" })).toContainText(acme().users.owner.email);
    await expect(page.getByText("Only Owners and Admins can invite people or change members.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send invitation" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Disable" })).toHaveCount(0);
    await expect(page.getByRole("combobox", { name: /^Role of / })).toHaveCount(0);
  });
});
