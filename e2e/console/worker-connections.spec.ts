import { expect, test } from "@playwright/test";
import { expectStatus } from "../support/api";
import { receivedRequests, uniqueMarker } from "../support/receiver";
import { bearer, world } from "../support/world";

// Spec 4.8 connections in a real browser: the platform starts a connect link, the end user's
// browser follows it through the OAuth provider (global setup's oauth2-mock-server, the service's
// own generic mail app) and lands on the registered return URL; the assistant then sends mail
// with that connection to the provider's mail API (the run's receiver, /workspace).

const BASE = "/api/partner/v1";
const partner = () => world().partner;
const orgPath = () => `${BASE}/organizations/${partner().follower.orgId}`;
const headers = () => bearer(partner().key);

test("a connect link followed in the browser connects the worker's mail, once; the assistant then sends with it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await expectStatus(
    await request.put(`${orgPath()}/assistant-config`, {
      headers: headers(),
      data: { assistant_automation_id: partner().follower.assistantAgentId },
    }),
    200,
  );
  const ref = `e2e-connect-${crypto.randomUUID().slice(0, 8)}`;
  const { worker_ref: workerRef } = (await expectStatus(
    await request.post(`${orgPath()}/workers`, {
      headers: headers(),
      data: { external_ref: ref, email: `${ref}@example.com` },
    }),
    201,
  )) as { worker_ref: string };

  const started = (await expectStatus(
    await request.post(`${orgPath()}/workers/${workerRef}/connections/mail/start`, {
      headers: headers(),
      data: { return_to: `${partner().follower.returnUrl}?user=${ref}` },
    }),
    201,
  )) as { authorize_url: string; expires_at: string };
  expect(started.authorize_url.startsWith(`${world().baseUrl}/connect/`)).toBe(true);

  await page.goto(started.authorize_url);
  await expect.poll(() => page.url(), { timeout: 20_000 }).toContain("status=connected");
  const landed = new URL(page.url());
  expect(landed.origin + landed.pathname).toBe(partner().follower.returnUrl);
  expect(landed.searchParams.get("user")).toBe(ref);
  const connectionId = landed.searchParams.get("connectionId");
  expect(connectionId).toBeTruthy();

  const listed = (await expectStatus(
    await request.get(`${orgPath()}/workers/${workerRef}/connections`, { headers: headers() }),
    200,
  )) as { items: Array<{ provider: string; status: string }> };
  expect(listed.items).toEqual([expect.objectContaining({ provider: "mail", status: "connected" })]);

  // The link works once: a second visit lands on the service's own error page, not the provider.
  const again = await page.goto(started.authorize_url);
  expect(again!.status()).toBe(410);
  expect(page.url()).toBe(started.authorize_url);

  // The assistant sends mail with the worker's own connection (the policy allows it here).
  expect(
    (
      await request.put(`${orgPath()}/workers/${workerRef}/policy`, {
        headers: headers(),
        data: { rules: [{ action: "*", mode: "allow" }], approval_ttl: "P1D" },
      })
    ).status(),
  ).toBe(204);
  const marker = uniqueMarker("mail");
  const line = `#service.mail.send ${JSON.stringify({ to: ["ann@example.com"], subject: marker, body: "Sent from the e2e" })}`;
  await expectStatus(
    await request.post(`${orgPath()}/workers/${workerRef}/messages`, { headers: headers(), data: { body: line } }),
    201,
  );
  await expect
    .poll(async () => (await receivedRequests(marker)).filter((hit) => hit.path === "/workspace/mail/send").length, {
      timeout: 20_000,
    })
    .toBe(1);
  const [sent] = (await receivedRequests(marker)).filter((hit) => hit.path === "/workspace/mail/send");
  expect(sent!.headers.authorization).toMatch(/^Bearer \S{20,}$/);
  expect(JSON.parse(sent!.body)).toMatchObject({ to: ["ann@example.com"], subject: marker });
});
