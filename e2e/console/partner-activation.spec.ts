import { expect, test } from "@playwright/test";
import { expectStatus } from "../support/api";
import { provisionOrganization, provisioningBody } from "../support/partner";
import { expectOverview } from "./helpers";

// The provisioned owner's activation link (spec 4.7 owner.invitation) in a real browser.

type TProvisioned = { orgId: string; owner: { invitation: { url: string } } };

test.describe("owner activation", () => {
  test("the owner sets email and password, lands signed in in the new organization; the link then says it was used", async ({
    page,
    request,
  }) => {
    const body = provisioningBody({ clientName: `Bakery ${Date.now()}` });
    const record = (await expectStatus(await provisionOrganization(request, body), 202)) as TProvisioned;
    const path = new URL(record.owner.invitation.url).pathname;
    await page.goto(path);
    await expect(page.getByRole("heading", { name: `Activate ${body.clientName}` })).toBeVisible();
    await page.getByRole("button", { name: "Activate and sign in" }).click();
    await expect(page.getByText("Enter your email", { exact: true })).toBeVisible();
    const email = `owner-${record.orgId.slice(0, 8)}@bakery.test`;
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("a long and secret password");
    await page.getByLabel("Confirm password").fill("a long and secret password");
    await page.getByRole("button", { name: "Activate and sign in" }).click();
    await expectOverview(page);
    await expect(page.getByLabel("Organization")).toHaveValue(record.orgId);
    await expect(page.getByTestId("user-email")).toHaveText(email);

    // A fresh page: the signed-out console page would navigate itself to /signin and abort the goto.
    const context = page.context();
    await page.close();
    await context.clearCookies();
    const signedOut = await context.newPage();
    await signedOut.goto(path);
    await expect(signedOut.getByRole("heading", { name: "This activation link was already used" })).toBeVisible();
  });

  test("a partner-only customer's link explains there is no password sign-in; an unknown link says it is not valid", async ({
    page,
    request,
  }) => {
    const record = (await expectStatus(
      await provisionOrganization(request, provisioningBody({ directLoginDisabled: true })),
      202,
    )) as TProvisioned;
    await page.goto(new URL(record.owner.invitation.url).pathname);
    await expect(page.getByRole("heading", { name: "Nothing to activate here" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Activate and sign in" })).toHaveCount(0);
    await page.goto(`/activate/${"x".repeat(43)}`);
    await expect(page.getByRole("heading", { name: "This activation link is not valid" })).toBeVisible();
  });
});
