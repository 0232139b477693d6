import { beforeAll, describe, expect, it } from "vitest";
import { partnerPlatform, partnerRequest, seedFollower } from "../../../../../test/partner-kit";
import { createDomain } from "../../../../../test/factories";
import { person } from "../../../../../test/agents-kit";
import { verifyPassword } from "@/server/auth/password";
import { db } from "@/server/db/client";

// Leases and worker mappings (spec 4.7) through the real partner route handler.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TResponse = { status: number; body: any };

// Status and body only: tests compare whole answers for neutrality, and headers such as the
// rate-limit counters rightly differ from one request to the next.
async function partnerApi(
  method: string,
  path: string,
  options: { credential?: string; body?: unknown } = {},
): Promise<TResponse> {
  const { status, body } = await partnerRequest(method, path, options);
  return { status, body };
}

let partner: Awaited<ReturnType<typeof partnerPlatform>>;
let other: Awaited<ReturnType<typeof partnerPlatform>>;
let customer: Awaited<ReturnType<typeof seedFollower>>;
let otherCustomer: Awaited<ReturnType<typeof seedFollower>>;
let second: { id: string };

beforeAll(async () => {
  [partner, other] = await Promise.all([partnerPlatform(), partnerPlatform()]);
  customer = await seedFollower(partner.platform.id);
  otherCustomer = await seedFollower(other.platform.id);
  second = await createDomain(customer.organization.id, "Second");
});

const subject = () => `worker-${crypto.randomUUID().slice(0, 8)}`;
const vouch = (body: Record<string, unknown>, orgId = customer.organization.id, key = partner.key) =>
  partnerApi("POST", `/organizations/${orgId}/workers`, { credential: key, body });
const mint = (body: Record<string, unknown>, key = partner.key) =>
  partnerApi("POST", body.partnerSubject === undefined ? "/token" : "/worker-token", { credential: key, body });
const listApprovals = (lease: string) => partnerApi("GET", "/worker/approvals", { credential: lease });

async function vouched(roles = [{ domainId: customer.domain.id, role: "operator" }]) {
  const partnerSubject = subject();
  const response = await vouch({ partnerSubject, displayName: "Wendy Worker", domainRoles: roles });
  expect(response.status).toBe(201);
  return { partnerSubject, mapping: response.body };
}

describe("POST /token and /worker-token", () => {
  it("mints a one-hour ykt_ app lease, stored only as a hash", async () => {
    const before = Date.now();
    const response = await mint({ orgId: customer.organization.id, appId: partner.appId });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["appId", "expiresAt", "orgId", "partnerSubject", "token"]);
    expect(response.body).toMatchObject({
      orgId: customer.organization.id,
      appId: partner.appId,
      partnerSubject: null,
    });
    expect(response.body.token).toMatch(/^ykt_[0-9A-Za-z]{52}$/);
    expect(Math.abs(Date.parse(response.body.expiresAt) - (before + 3_600_000))).toBeLessThan(60_000);
    const rows = await db().leaseToken.findMany({
      where: { organizationId: customer.organization.id, partnerSubject: null },
    });
    expect(
      rows.some(
        (row) =>
          response.body.token.startsWith(row.prefix) &&
          row.secretHash !== response.body.token &&
          !row.secretHash.includes(response.body.token),
      ),
    ).toBe(true);
  });

  it("mints a worker lease for a vouched subject, and it acts as that worker", async () => {
    const { partnerSubject } = await vouched();
    const response = await mint({ orgId: customer.organization.id, appId: partner.appId, partnerSubject });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ orgId: customer.organization.id, appId: partner.appId, partnerSubject });
    expect((await listApprovals(response.body.token)).status).toBe(200);
  });

  it("answers every unusable org, app or subject with one identical 404", async () => {
    const { partnerSubject } = await vouched();
    const revokedApp = await db().partnerApp.create({
      data: { platformId: partner.platform.id, name: "Old", revokedAt: new Date() },
    });
    const base = { orgId: customer.organization.id, appId: partner.appId };
    const refusals = await Promise.all([
      mint({ ...base, orgId: otherCustomer.organization.id }),
      mint({ ...base, orgId: crypto.randomUUID() }),
      mint({ ...base, appId: crypto.randomUUID() }),
      mint({ ...base, appId: other.appId }),
      mint({ ...base, appId: revokedApp.id }),
      mint({ ...base, orgId: otherCustomer.organization.id, partnerSubject }),
      mint({ ...base, orgId: crypto.randomUUID(), partnerSubject }),
      mint({ ...base, appId: crypto.randomUUID(), partnerSubject }),
      mint({ ...base, partnerSubject: "never-vouched" }),
      // another platform's worker in its own customer: unknown to this platform
      mint({ orgId: otherCustomer.organization.id, appId: partner.appId, partnerSubject }),
    ]);
    const first = refusals[0]!;
    expect(first.status).toBe(404);
    expect(first.body.error.code).toBe("NOT_FOUND");
    for (const refusal of refusals) expect(refusal).toEqual(first);
  });

  it("refuses bad credentials with a neutral 401, unknown fields with 400, a suspended platform with 403", async () => {
    const body = { orgId: customer.organization.id, appId: partner.appId };
    const noKey = await partnerApi("POST", "/token", { body });
    const userKey = await partnerApi("POST", "/token", {
      credential: (await person(customer.organization.id, "MEMBER", [])).key,
      body,
    });
    const garbage = await partnerApi("POST", "/token", { credential: "ykp_nope", body });
    expect(noKey.status).toBe(401);
    expect(userKey).toEqual(noKey);
    expect(garbage).toEqual(noKey);
    expect((await mint({ ...body, extra: 1 })).body.error.code).toBe("VALIDATION");
    expect((await mint({ ...body, partnerSubject: "" })).status).toBe(400);
    const suspended = await partnerPlatform();
    await db().partnerPlatform.update({ where: { id: suspended.platform.id }, data: { status: "SUSPENDED" } });
    const refused = await mint({ orgId: customer.organization.id, appId: suspended.appId }, suspended.key);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("PARTNER_PLATFORM_SUSPENDED");
  });

  it("stops a lease at expiry, at app revocation and at platform suspension", async () => {
    const { partnerSubject } = await vouched();
    const lease = async () =>
      (await mint({ orgId: customer.organization.id, appId: partner.appId, partnerSubject })).body.token as string;
    const expiring = await lease();
    await db().leaseToken.updateMany({
      where: { prefix: expiring.slice(0, 16) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await listApprovals(expiring);
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe("UNAUTHORIZED");

    const app = await db().partnerApp.create({ data: { platformId: partner.platform.id, name: "Short-lived" } });
    const onApp = (await mint({ orgId: customer.organization.id, appId: app.id, partnerSubject })).body.token as string;
    expect((await listApprovals(onApp)).status).toBe(200);
    await db().partnerApp.update({ where: { id: app.id }, data: { revokedAt: new Date() } });
    expect(await listApprovals(onApp)).toEqual(expired);

    const live = await lease();
    await db().partnerPlatform.update({ where: { id: partner.platform.id }, data: { status: "SUSPENDED" } });
    try {
      expect(await listApprovals(live)).toEqual(expired);
    } finally {
      await db().partnerPlatform.update({ where: { id: partner.platform.id }, data: { status: "ACTIVE" } });
    }
    expect((await listApprovals(live)).status).toBe(200);
  });

  it("refuses an app lease on worker routes like any refused credential", async () => {
    const appLease = (await mint({ orgId: customer.organization.id, appId: partner.appId })).body.token as string;
    const response = await listApprovals(appLease);
    expect(response.status).toBe(401);
    expect(response.body).toEqual((await listApprovals("ykt_" + "x".repeat(52))).body);
  });
});

describe("worker mappings", () => {
  it("vouches a worker as a Member with exactly its domain roles and no usable password", async () => {
    const { partnerSubject, mapping } = await vouched([
      { domainId: customer.domain.id, role: "viewer" },
      { domainId: second.id, role: "editor" },
    ]);
    expect(mapping).toEqual({
      id: expect.any(String),
      partnerSubject,
      displayName: "Wendy Worker",
      userId: expect.any(String),
      domainRoles: [
        { domainId: customer.domain.id, role: "viewer" },
        { domainId: second.id, role: "editor" },
      ],
      createdAt: expect.any(String),
    });
    const user = await db().user.findUniqueOrThrow({
      where: { id: mapping.userId },
      include: { orgMemberships: true, domainMemberships: { orderBy: { role: "asc" } } },
    });
    expect(user.email).toBe(`worker+${mapping.id}@partner.invalid`);
    expect(user.name).toBe("Wendy Worker");
    expect(user.orgMemberships.map((m) => [m.organizationId, m.role])).toEqual([[customer.organization.id, "MEMBER"]]);
    expect(user.domainMemberships.map((m) => [m.domainId, m.role]).sort()).toEqual(
      [
        [customer.domain.id, "VIEWER"],
        [second.id, "EDITOR"],
      ].sort(),
    );
    expect(await verifyPassword("", user.passwordHash)).toBe(false);
    expect(user.passwordHash.startsWith("scrypt$")).toBe(false);
  });

  it("re-vouching the same subject renames it and replaces its memberships (same mapping, same person)", async () => {
    const { partnerSubject, mapping } = await vouched([
      { domainId: customer.domain.id, role: "owner" },
      { domainId: second.id, role: "editor" },
    ]);
    const again = await vouch({
      partnerSubject,
      displayName: "Wendy Renamed",
      domainRoles: [{ domainId: second.id, role: "viewer" }],
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({
      id: mapping.id,
      userId: mapping.userId,
      displayName: "Wendy Renamed",
      domainRoles: [{ domainId: second.id, role: "viewer" }],
    });
    const memberships = await db().domainMembership.findMany({ where: { userId: mapping.userId } });
    expect(memberships.map((m) => [m.domainId, m.role])).toEqual([[second.id, "VIEWER"]]);
    expect((await db().user.findUniqueOrThrow({ where: { id: mapping.userId } })).name).toBe("Wendy Renamed");
    const repeat = await vouch({
      partnerSubject,
      displayName: "Wendy Renamed",
      domainRoles: [{ domainId: second.id, role: "viewer" }],
    });
    expect(repeat.body).toEqual(again.body);
    expect(
      await db().workerMapping.count({ where: { organizationId: customer.organization.id, partnerSubject } }),
    ).toBe(1);
  });

  it("validates the body: foreign domains, duplicates, bounds and unknown fields", async () => {
    const base = { partnerSubject: subject(), displayName: "W" };
    const foreign = await vouch({
      ...base,
      domainRoles: [
        { domainId: customer.domain.id, role: "viewer" },
        { domainId: otherCustomer.domain.id, role: "viewer" },
      ],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toMatchObject({
      code: "VALIDATION",
      details: { issues: [{ path: "domainRoles.1.domainId" }] },
    });
    const twice = await vouch({
      ...base,
      domainRoles: [
        { domainId: second.id, role: "viewer" },
        { domainId: second.id, role: "editor" },
      ],
    });
    expect(twice.status).toBe(400);
    expect((await vouch({ ...base, domainRoles: [] })).status).toBe(400);
    expect((await vouch({ ...base, domainRoles: [{ domainId: second.id, role: "admin" }] })).status).toBe(400);
    expect(
      (await vouch({ ...base, displayName: "x".repeat(121), domainRoles: [{ domainId: second.id, role: "viewer" }] }))
        .status,
    ).toBe(400);
    expect(
      (
        await vouch({
          ...base,
          partnerSubject: "s".repeat(201),
          domainRoles: [{ domainId: second.id, role: "viewer" }],
        })
      ).status,
    ).toBe(400);
    expect(
      (await vouch({ ...base, domainRoles: [{ domainId: second.id, role: "viewer" }], email: "x@y" })).status,
    ).toBe(400);
    expect(await db().workerMapping.count({ where: { partnerSubject: base.partnerSubject } })).toBe(0);
  });

  it("lists the customer's mappings only", async () => {
    const { mapping } = await vouched();
    const listed = await partnerApi("GET", `/organizations/${customer.organization.id}/workers`, {
      credential: partner.key,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.items).toContainEqual(mapping);
    const theirs = await partnerApi("GET", `/organizations/${otherCustomer.organization.id}/workers`, {
      credential: other.key,
    });
    expect(theirs.body.items.map((item: { id: string }) => item.id)).not.toContain(mapping.id);
  });

  it("answers another platform's customer, unknown orgs and unknown mappings with one identical 404", async () => {
    const { mapping } = await vouched();
    const domainRoles = [{ domainId: otherCustomer.domain.id, role: "viewer" }];
    const refusals = await Promise.all([
      partnerApi("GET", `/organizations/${otherCustomer.organization.id}/workers`, { credential: partner.key }),
      partnerApi("GET", `/organizations/${crypto.randomUUID()}/workers`, { credential: partner.key }),
      partnerApi("GET", `/organizations/not-a-uuid/workers`, { credential: partner.key }),
      vouch({ partnerSubject: subject(), displayName: "W", domainRoles }, otherCustomer.organization.id),
      vouch({ partnerSubject: subject(), displayName: "W", domainRoles }, crypto.randomUUID()),
      partnerApi("DELETE", `/organizations/${customer.organization.id}/workers/${crypto.randomUUID()}`, {
        credential: partner.key,
      }),
      partnerApi("DELETE", `/organizations/${customer.organization.id}/workers/nope`, { credential: partner.key }),
      partnerApi("DELETE", `/organizations/${otherCustomer.organization.id}/workers/${mapping.id}`, {
        credential: partner.key,
      }),
      partnerApi("DELETE", `/organizations/${customer.organization.id}/workers/${mapping.id}`, {
        credential: other.key,
      }),
    ]);
    expect(refusals[0]!.status).toBe(404);
    for (const refusal of refusals) expect(refusal).toEqual(refusals[0]);
    expect(await db().workerMapping.count({ where: { id: mapping.id } })).toBe(1);
  });

  it("revoking removes the person from the customer, disables them and refuses their leases at once", async () => {
    const { partnerSubject, mapping } = await vouched([
      { domainId: customer.domain.id, role: "owner" },
      { domainId: second.id, role: "viewer" },
    ]);
    const lease = (await mint({ orgId: customer.organization.id, appId: partner.appId, partnerSubject })).body
      .token as string;
    const appLease = (await mint({ orgId: customer.organization.id, appId: partner.appId })).body.token as string;
    expect((await listApprovals(lease)).status).toBe(200);

    const revoked = await partnerApi("DELETE", `/organizations/${customer.organization.id}/workers/${mapping.id}`, {
      credential: partner.key,
    });
    expect(revoked.status).toBe(204);
    expect(revoked.body).toBeNull();
    expect((await listApprovals(lease)).status).toBe(401);
    expect(await db().leaseToken.count({ where: { organizationId: customer.organization.id, partnerSubject } })).toBe(
      0,
    );
    expect(await db().leaseToken.count({ where: { prefix: appLease.slice(0, 16) } })).toBe(1);
    expect(await db().workerMapping.count({ where: { id: mapping.id } })).toBe(0);
    const user = await db().user.findUniqueOrThrow({
      where: { id: mapping.userId },
      include: { orgMemberships: true, domainMemberships: true },
    });
    expect(user.disabledAt).not.toBeNull();
    expect(user.orgMemberships).toEqual([]);
    expect(user.domainMemberships).toEqual([]);
    const relisted = await partnerApi("GET", `/organizations/${customer.organization.id}/workers`, {
      credential: partner.key,
    });
    expect(relisted.body.items.map((item: { id: string }) => item.id)).not.toContain(mapping.id);
    const again = await mint({ orgId: customer.organization.id, appId: partner.appId, partnerSubject });
    expect(again.status).toBe(404);
    expect(
      (
        await partnerApi("DELETE", `/organizations/${customer.organization.id}/workers/${mapping.id}`, {
          credential: partner.key,
        })
      ).status,
    ).toBe(404);
  });
});
