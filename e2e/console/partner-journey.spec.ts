import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectStatus } from "../support/api";
import { provisionOrganization, provisioningBody } from "../support/partner";
import { bearer, world } from "../support/world";
import { expectOverview } from "./helpers";

// A partner's customer from provisioning to support, through HTTP and the console: the
// provisioned owner activates, sees what the partner enabled, chats with the template's
// assistant and shares that session with the partner's support, who reads it with an app lease.

type TRecord = { orgId: string; onboardingStatus: string; owner: { invitation: { url: string } } };
type TEntitlement = { automationId: string; name: string; enabled: boolean };

const partnerApi = (path: string) => `/api/partner/v1${path}`;

async function onboarded(request: APIRequestContext, orgId: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          (await (
            await request.get(partnerApi(`/organizations/${orgId}`), { headers: bearer(world().partner.key) })
          ).json()) as TRecord
        ).onboardingStatus,
      { timeout: 20_000 },
    )
    .toBe("completed");
}

async function assistantEntitlement(request: APIRequestContext, orgId: string): Promise<TEntitlement> {
  const list = (await expectStatus(
    await request.get(partnerApi(`/organizations/${orgId}/entitlements`), { headers: bearer(world().partner.key) }),
    200,
  )) as { entitlements: TEntitlement[] };
  const assistant = list.entitlements.find((entry) => entry.name === "Assistant");
  expect(assistant, "the template's Assistant was onboarded").toBeDefined();
  return assistant!;
}

test("a provisioned customer activates, sees its partner's entitlements, and shares a session its partner's support reads", async ({
  page,
  request,
}) => {
  const body = provisioningBody({ clientName: `Journey ${Date.now()}` });
  const record = (await expectStatus(await provisionOrganization(request, body), 202)) as TRecord;
  await onboarded(request, record.orgId);

  // Activation: the owner lands signed in in the new organization.
  await page.goto(new URL(record.owner.invitation.url).pathname);
  await page.getByRole("button", { name: "Activate and sign in" }).click();
  await page.getByLabel("Email").fill(`owner-${record.orgId.slice(0, 8)}@journey.test`);
  await page.getByLabel("Password", { exact: true }).fill("a long and secret password");
  await page.getByLabel("Confirm password").fill("a long and secret password");
  await page.getByRole("button", { name: "Activate and sign in" }).click();
  await expectOverview(page);

  // What the partner enabled, as the customer sees it; the partner switches it off and back.
  const assistant = await assistantEntitlement(request, record.orgId);
  const standing = page
    .getByRole("table", { name: "Automations enabled by the partner" })
    .getByRole("row", { name: /Assistant/ });
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Partner" }).click();
  await expect(page).toHaveURL(/\/settings\/partner$/);
  await expect(standing).toContainText("Enabled");
  const entitlementPath = partnerApi(
    `/organizations/${record.orgId}/automations/${assistant.automationId}/entitlement`,
  );
  await expectStatus(
    await request.patch(entitlementPath, { headers: bearer(world().partner.key), data: { enabled: false } }),
    200,
  );
  await page.reload();
  await expect(standing).toContainText("Disabled by the partner");
  await expectStatus(await request.delete(entitlementPath, { headers: bearer(world().partner.key) }), 200);
  await page.reload();
  await expect(standing).toContainText("Enabled");

  // A chat with the assistant, shared with support.
  await page.goto("/chat");
  await page
    .getByRole("combobox", { name: "Agent", exact: true })
    .selectOption({ label: `Assistant (${body.domainName})` });
  await page.getByRole("textbox", { name: "First message" }).fill("my order never arrived");
  await page.getByRole("button", { name: "Start chat" }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const sessionId = page.url().split("/").pop()!;
  await expect(page.getByLabel("Transcript").locator('[data-role="assistant"]').first()).toBeVisible();
  await page.goto(`/sessions/${sessionId}`);
  await page.getByRole("button", { name: "Share with support" }).click();
  const grantId = (await page.getByTestId("support-grant-id").textContent())!.trim();

  // The partner's support reads it with an app lease, until the customer revokes the grant.
  const lease = (await expectStatus(
    await request.post(partnerApi("/token"), {
      headers: bearer(world().partner.key),
      data: { orgId: record.orgId, appId: world().partner.appId },
    }),
    200,
  )) as { token: string };
  const shared = await expectStatus(
    await request.get(partnerApi(`/support-sessions/${grantId}`), { headers: bearer(lease.token) }),
    200,
  );
  expect(JSON.stringify(shared)).toContain("my order never arrived");
  await page.goto("/settings/partner");
  await page.getByRole("button", { name: /^Revoke the grant of/ }).click();
  await expect(page.getByRole("button", { name: /^Revoke the grant of/ })).toHaveCount(0);
  await expectStatus(
    await request.get(partnerApi(`/support-sessions/${grantId}`), { headers: bearer(lease.token) }),
    404,
  );
});
