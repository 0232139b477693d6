import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectError, expectStatus } from "../support/api";
import { bearer, world } from "../support/world";

// Spec 4.7 leases, worker mappings and worker approvals against the running app (black box).

const HOUR_MS = 60 * 60 * 1000;
const BASE = "/api/partner/v1";
const partner = () => world().partner;

type TLease = { token: string; expiresAt: string; orgId: string; appId: string; partnerSubject: string | null };
type TMapping = {
  id: string;
  partnerSubject: string;
  displayName: string;
  userId: string;
  domainRoles: Array<{ domainId: string; role: string }>;
  createdAt: string;
};

const subject = () => `e2e-worker-${crypto.randomUUID().slice(0, 8)}`;

async function vouch(request: APIRequestContext, partnerSubject: string, role = "operator"): Promise<TMapping> {
  const { follower, key } = partner();
  const response = await request.post(`${BASE}/organizations/${follower.orgId}/workers`, {
    headers: bearer(key),
    data: { partnerSubject, displayName: "E2E Worker", domainRoles: [{ domainId: follower.domainId, role }] },
  });
  return (await expectStatus(response, 201)) as TMapping;
}

async function mintWorkerLease(request: APIRequestContext, partnerSubject: string): Promise<TLease> {
  const { follower, key, appId } = partner();
  const response = await request.post(`${BASE}/worker-token`, {
    headers: bearer(key),
    data: { orgId: follower.orgId, appId, partnerSubject },
  });
  return (await expectStatus(response, 200)) as TLease;
}

test.describe("partner leases and workers", () => {
  test("mints an app lease for its own customer, and refuses everything else with one neutral answer", async ({
    request,
  }) => {
    const { follower, key, appId, otherPlatformKey } = partner();
    const issuedAround = Date.now();
    const lease = (await expectStatus(
      await request.post(`${BASE}/token`, { headers: bearer(key), data: { orgId: follower.orgId, appId } }),
      200,
    )) as TLease;
    expect(lease).toMatchObject({ orgId: follower.orgId, appId, partnerSubject: null });
    expect(lease.token).toMatch(/^ykt_[0-9A-Za-z]{52}$/);
    expect(Math.abs(Date.parse(lease.expiresAt) - (issuedAround + HOUR_MS))).toBeLessThanOrEqual(60_000);

    const theirs = await request.post(`${BASE}/token`, {
      headers: bearer(otherPlatformKey),
      data: { orgId: follower.orgId, appId },
    });
    const nowhere = await request.post(`${BASE}/token`, {
      headers: bearer(key),
      data: { orgId: crypto.randomUUID(), appId },
    });
    const noApp = await request.post(`${BASE}/token`, {
      headers: bearer(key),
      data: { orgId: follower.orgId, appId: crypto.randomUUID() },
    });
    const unvouched = await request.post(`${BASE}/worker-token`, {
      headers: bearer(key),
      data: { orgId: follower.orgId, appId, partnerSubject: subject() },
    });
    const first = await expectError(theirs, 404, "NOT_FOUND");
    for (const response of [nowhere, noApp, unvouched])
      expect(await expectError(response, 404, "NOT_FOUND")).toEqual(first);
    await expectError(
      await request.post(`${BASE}/token`, { data: { orgId: follower.orgId, appId } }),
      401,
      "UNAUTHORIZED",
    );
    await expectError(
      await request.post(`${BASE}/token`, {
        headers: bearer(key),
        data: { orgId: follower.orgId, appId, extra: true },
      }),
      400,
      "VALIDATION",
    );
  });

  test("vouches a worker, leases it, lists its approvals, and a revoke refuses the lease at once", async ({
    request,
  }) => {
    const { follower, key } = partner();
    const partnerSubject = subject();
    const mapping = await vouch(request, partnerSubject);
    expect(mapping).toMatchObject({
      partnerSubject,
      displayName: "E2E Worker",
      domainRoles: [{ domainId: follower.domainId, role: "operator" }],
    });

    const listed = (await expectStatus(
      await request.get(`${BASE}/organizations/${follower.orgId}/workers`, { headers: bearer(key) }),
      200,
    )) as { items: TMapping[] };
    expect(listed.items).toContainEqual(mapping);
    await expectError(
      await request.get(`${BASE}/organizations/${follower.orgId}/workers`, {
        headers: bearer(partner().otherPlatformKey),
      }),
      404,
      "NOT_FOUND",
    );

    const lease = await mintWorkerLease(request, partnerSubject);
    expect(lease.partnerSubject).toBe(partnerSubject);
    const approvals = (await expectStatus(
      await request.get(`${BASE}/worker/approvals?limit=10`, { headers: bearer(lease.token) }),
      200,
    )) as { items: unknown[]; total: number; limit: number; offset: number };
    expect(approvals).toMatchObject({ limit: 10, offset: 0 });
    expect(Array.isArray(approvals.items)).toBe(true);
    await expectError(
      await request.get(`${BASE}/worker/approvals?limit=101`, { headers: bearer(lease.token) }),
      400,
      "VALIDATION",
    );

    const revoked = await request.delete(`${BASE}/organizations/${follower.orgId}/workers/${mapping.id}`, {
      headers: bearer(key),
    });
    expect(revoked.status()).toBe(204);
    await expectError(
      await request.get(`${BASE}/worker/approvals`, { headers: bearer(lease.token) }),
      401,
      "UNAUTHORIZED",
    );
    await expectError(
      await request.post(`${BASE}/worker-token`, {
        headers: bearer(key),
        data: { orgId: follower.orgId, appId: partner().appId, partnerSubject },
      }),
      404,
      "NOT_FOUND",
    );
  });

  test("re-vouching replaces the worker's roles; an app lease is refused on worker routes", async ({ request }) => {
    const { follower, key, appId } = partner();
    const partnerSubject = subject();
    const first = await vouch(request, partnerSubject, "viewer");
    const second = await vouch(request, partnerSubject, "owner");
    expect(second).toMatchObject({
      id: first.id,
      userId: first.userId,
      domainRoles: [{ domainId: follower.domainId, role: "owner" }],
    });
    const appLease = (await expectStatus(
      await request.post(`${BASE}/token`, { headers: bearer(key), data: { orgId: follower.orgId, appId } }),
      200,
    )) as TLease;
    await expectError(
      await request.get(`${BASE}/worker/approvals`, { headers: bearer(appLease.token) }),
      401,
      "UNAUTHORIZED",
    );
    await expectStatus(
      await request.delete(`${BASE}/organizations/${follower.orgId}/workers/${first.id}`, { headers: bearer(key) }),
      204,
    );
  });
});
