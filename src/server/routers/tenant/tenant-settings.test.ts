import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { partnerPlatform, partnerRequest, seedFollower } from "../../../../test/partner-kit";
import { tenantWorld, type TTenantWorld } from "../../../../test/tenant-kit";
import { db } from "@/server/db/client";

// What an organization admin sets, through the tenant door: the name and the model budget. Every
// member reads; organization Owners and Admins change, with the console's refusal for the others.

let w: TTenantWorld;
let otherOrgId: string;

beforeAll(async () => {
  w = await tenantWorld();
  await w.vouch("member-1", "editor");
  const admin = await partnerRequest("POST", `/organizations/${w.orgId}/workers`, {
    credential: w.partner.key,
    body: {
      partnerSubject: "admin-1",
      displayName: "Ada Admin",
      organizationRole: "admin",
      domainRoles: [{ domainId: w.domain.id, role: "viewer" }],
    },
  });
  expect(admin.status).toBe(201);
  const other = await partnerPlatform();
  otherOrgId = (await seedFollower(other.platform.id)).organization.id;
});

const LIMITS = { monthlyTokenLimit: 5_000_000, monthlyCostLimitUsd: 50 };

describe("tenant settings: the organization's name", () => {
  it("every member reads it; the owner and an Admin rename the organization, a member may not", async () => {
    const before = await db().organization.findUniqueOrThrow({ where: { id: w.orgId } });
    const asMember = await w.tenant("GET", "/settings", { subject: "member-1" });
    expect(asMember.status).toBe(200);
    expect(asMember.body).toEqual({ id: w.orgId, name: before.name, canEdit: false });
    expect((await w.tenant("GET", "/settings")).body.canEdit).toBe(true);

    const refused = await w.tenant("PATCH", "/settings", { subject: "member-1", body: { name: "Taken over" } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("FORBIDDEN");
    expect((await db().organization.findUniqueOrThrow({ where: { id: w.orgId } })).name).toBe(before.name);

    const byAdmin = await w.tenant("PATCH", "/settings", { subject: "admin-1", body: { name: "  Acme Dental  " } });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toEqual({ id: w.orgId, name: "Acme Dental", canEdit: true });
    const byOwner = await w.tenant("PATCH", "/settings", { body: { name: "Acme Dental Group" } });
    expect(byOwner.status).toBe(200);
    const after = await db().organization.findUniqueOrThrow({ where: { id: w.orgId } });
    expect(after).toMatchObject({ name: "Acme Dental Group", slug: before.slug });
  });

  it("refuses a blank or long name and unknown fields", async () => {
    for (const body of [{ name: " " }, { name: "x".repeat(201) }, {}, { name: "Fine", slug: "no" }]) {
      const refused = await w.tenant("PATCH", "/settings", { body });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe("VALIDATION");
    }
  });
});

describe("tenant settings: the model budget", () => {
  it("every member reads it; a member may not set it; the owner sets and clears the limits", async () => {
    const read = await w.tenant("GET", "/settings/budget", { subject: "member-1" });
    expect(read.status).toBe(200);
    expect(read.body.budget).toMatchObject({
      limits: { monthlyTokenLimit: null, monthlyCostLimitUsd: null },
      exhausted: false,
      canEdit: false,
    });

    const refused = await w.tenant("PUT", "/settings/budget", { subject: "member-1", body: LIMITS });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("FORBIDDEN");
    expect(await db().llmBudget.findUnique({ where: { organizationId: w.orgId } })).toBeNull();

    const set = await w.tenant("PUT", "/settings/budget", { body: LIMITS });
    expect(set.status).toBe(200);
    expect(set.body.budget).toMatchObject({ limits: LIMITS, canEdit: true });
    const again = await w.tenant("GET", "/settings/budget", { subject: "admin-1" });
    expect(again.body.budget).toMatchObject({ limits: LIMITS, canEdit: true });

    const byAdmin = await w.tenant("PUT", "/settings/budget", {
      subject: "admin-1",
      body: { monthlyTokenLimit: null, monthlyCostLimitUsd: 12.5 },
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.budget.limits).toEqual({ monthlyTokenLimit: null, monthlyCostLimitUsd: 12.5 });
  });

  it("refuses a partial, negative or unknown body as the console does", async () => {
    for (const body of [
      { monthlyTokenLimit: 10 },
      { ...LIMITS, monthlyTokenLimit: -1 },
      { ...LIMITS, currency: "EUR" },
    ]) {
      const refused = await w.tenant("PUT", "/settings/budget", { body });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe("VALIDATION");
    }
  });
});

describe("tenant settings: neutral 404s", () => {
  it("another platform's customer and a nonexistent one answer byte for byte the same 404", async () => {
    const answers = await Promise.all(
      [otherOrgId, randomUUID()].flatMap((orgId) => [
        w.tenant("GET", `/organizations/${orgId}/settings`),
        w.tenant("PATCH", `/organizations/${orgId}/settings`, { body: { name: "Hijacked" } }),
        w.tenant("GET", `/organizations/${orgId}/settings/budget`, { subject: "admin-1" }),
        w.tenant("PUT", `/organizations/${orgId}/settings/budget`, { body: LIMITS }),
      ]),
    );
    const first = JSON.stringify(answers[0]!.body);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).toBe(first);
    }
    const untouched = await db().organization.findUniqueOrThrow({ where: { id: otherOrgId } });
    expect(untouched.name).not.toBe("Hijacked");
  });
});
