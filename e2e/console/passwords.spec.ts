import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { expectStatus } from "../support/api";
import { linkIn, newestMailTo } from "../support/mail";
import { provisionOrganization, provisioningBody } from "../support/partner";
import { expectOverview } from "./helpers";

// Passwords (issue 41) in a real browser, for people created here (the fixture world's people keep
// their passwords: other specs sign in with them). A partner provisions an organization and its
// owner activates it with an email and password of their own.

type TProvisioned = { orgId: string; owner: { invitation: { url: string } } };
type TOwner = { email: string; password: string; orgId: string };

async function newOwner(page: Page, request: APIRequestContext, password: string): Promise<TOwner> {
  const body = provisioningBody({ clientName: `Passwords ${Date.now()}` });
  const record = (await expectStatus(await provisionOrganization(request, body), 202)) as TProvisioned;
  const email = `owner-${record.orgId.slice(0, 8)}@passwords.test`;
  await page.goto(new URL(record.owner.invitation.url).pathname);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Activate and sign in" }).click();
  await expectOverview(page);
  return { email, password, orgId: record.orgId };
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** No serious or critical WCAG 2.1 A/AA violation on the page as it is now. */
async function expectAccessible(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  await testInfo.attach(`axe-${name}.json`, {
    body: JSON.stringify(results.violations, null, 2),
    contentType: "application/json",
  });
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(serious, `axe on ${name}`).toEqual([]);
}

test.describe("passwords", () => {
  test("Forgot password? mails a link; the reset page sets a new password that signs in, and the old one is refused", async ({
    page,
    request,
    browser,
  }, testInfo) => {
    const owner = await newOwner(page, request, "the first long password");
    const signedOut = await browser.newContext();
    const visitor = await signedOut.newPage();

    await visitor.goto("/signin");
    await visitor.getByRole("link", { name: "Forgot password?" }).click();
    await expect(visitor.getByRole("heading", { name: "Reset your password" })).toBeVisible();
    await expectAccessible(visitor, testInfo, "forgot form");
    await visitor.getByRole("button", { name: "Send reset link" }).click();
    await expect(visitor.getByText("Enter your email", { exact: true })).toBeVisible();
    await visitor.getByLabel("Email").fill(owner.email);
    await visitor.getByRole("button", { name: "Send reset link" }).click();
    const answer = "If an account exists for that address, we sent a link to reset its password.";
    await expect(visitor.getByRole("status").filter({ hasText: answer })).toBeVisible();
    // An address nobody has gets the very same answer.
    await visitor.getByLabel("Email").fill(`nobody-${Date.now()}@passwords.test`);
    await visitor.getByRole("button", { name: "Send reset link" }).click();
    await expect(visitor.getByRole("status").filter({ hasText: answer })).toBeVisible();

    const link = linkIn(await newestMailTo(owner.email));
    const path = new URL(link).pathname;
    await visitor.goto(path);
    await expect(visitor.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expect(visitor.getByText(owner.email)).toBeVisible();
    await expectAccessible(visitor, testInfo, "reset page");
    await visitor.getByLabel("New password", { exact: true }).fill("short");
    await visitor.getByRole("button", { name: "Set password and sign in" }).click();
    await expect(visitor.getByText("Use at least 12 characters")).toBeVisible();
    await visitor.getByLabel("New password", { exact: true }).fill("the second long password");
    await visitor.getByLabel("Confirm new password").fill("the second long password");
    await visitor.getByRole("button", { name: "Set password and sign in" }).click();
    await expectOverview(visitor);

    // The owner's first browser signed in with the old password: that session has ended.
    await page.goto("/settings/api-keys");
    await expect(page).toHaveURL(/\/signin$/);

    const other = await (await browser.newContext()).newPage();
    await signIn(other, owner.email, "the first long password");
    await expect(other.getByText("Email or password is incorrect")).toBeVisible();
    await signIn(other, owner.email, "the second long password");
    await expectOverview(other);

    await other.goto(path);
    await expect(other.getByRole("heading", { name: "This reset link was already used" })).toBeVisible();
    await other.goto(`/reset-password/${"x".repeat(43)}`);
    await expect(other.getByRole("heading", { name: "This reset link is not valid" })).toBeVisible();
  });

  test("changing your own password on Your account keeps this browser signed in and signs the others out", async ({
    page,
    request,
    browser,
  }, testInfo) => {
    const owner = await newOwner(page, request, "the account's old password");
    const elsewhere = await (await browser.newContext()).newPage();
    await signIn(elsewhere, owner.email, owner.password);
    await expectOverview(elsewhere);

    await page.getByRole("link", { name: "Your account" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
    await expect(page.getByTestId("account-email")).toHaveText(owner.email);
    await expectAccessible(page, testInfo, "account page");

    await page.getByLabel("Current password").fill("not the password");
    await page.getByLabel("New password", { exact: true }).fill("the account's new password");
    await page.getByLabel("Confirm new password").fill("the account's new password");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your current password is not correct.")).toBeVisible();

    await page.getByLabel("Current password").fill(owner.password);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your password was changed. Your other sessions were signed out.")).toBeVisible();

    // This browser stays signed in, in the same organization; the other one was signed out.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
    await expect(page.getByLabel("Organization")).toHaveValue(owner.orgId);
    await elsewhere.goto("/settings/api-keys");
    await expect(elsewhere).toHaveURL(/\/signin$/);
    await signIn(elsewhere, owner.email, owner.password);
    await expect(elsewhere.getByText("Email or password is incorrect")).toBeVisible();
    await signIn(elsewhere, owner.email, "the account's new password");
    await expectOverview(elsewhere);

    // Renaming yourself shows the new name at once.
    await page.getByLabel("Name").fill("Olga Renamed");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByText("Your name was saved.")).toBeVisible();
  });
});
