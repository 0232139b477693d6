import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partnerPlatform, partnerRequest, seedFollower } from "../../../../test/partner-kit";
import { provision, requestBody } from "../../../../test/provisioning-kit";
import { startEngine, stopEngine } from "../../../../test/sessions-kit";
import { tenantWorld, type TTenantWorld } from "../../../../test/tenant-kit";
import { db } from "@/server/db/client";
import { appRouter } from "@/server/routers/root";
import { createContext } from "@/server/trpc/context";

// Who acts on a tenant route (issue 40): a partner key or app lease of the customer, plus
// X-Service-Subject naming the owner or a vouched worker; every other answer is neutral.

let w: TTenantWorld;
let otherOrgId: string;
let viewerMappingId: string;

beforeAll(async () => {
  // Provisioning enqueues the onboarding job: the queue, without workers.
  await startEngine({ workers: false });
  w = await tenantWorld();
  viewerMappingId = (await w.vouch("viewer-1", "viewer")).id;
  await w.vouch("operator-1", "operator");
  const revoked = await w.vouch("revoked-1", "operator");
  await partnerRequest("DELETE", `/organizations/${w.orgId}/workers/${revoked.id}`, { credential: w.partner.key });
  const other = await partnerPlatform();
  otherOrgId = (await seedFollower(other.platform.id)).organization.id;
});

afterAll(async () => {
  await stopEngine();
});

describe("tenant routes: who acts", () => {
  it("the owner and a vouched worker see the customer's domains with their own roles", async () => {
    const asOwner = await w.tenant("GET", "/domains");
    expect(asOwner.status).toBe(200);
    expect(asOwner.body).toEqual({
      items: [{ id: w.domain.id, name: w.domain.name, role: "owner" }],
      nextCursor: null,
    });
    expect(asOwner.headers.get("ratelimit-policy")).toBeTruthy();
    const asViewer = await w.tenant("GET", `/domains/${w.domain.id}`, { subject: "viewer-1" });
    expect(asViewer.status).toBe(200);
    expect(asViewer.body).toEqual({ id: w.domain.id, name: w.domain.name, role: "viewer" });
    expect((await w.tenant("GET", `/domains/${randomUUID()}`)).status).toBe(404);
    expect((await w.tenant("GET", "/domains/not-a-uuid")).status).toBe(404);
  });

  it("an app lease of the customer acts like the key; a lease of another customer is the uniform 404", async () => {
    const lease = await w.appLease();
    const viaLease = await w.tenant("GET", "/domains", { credential: lease, subject: "operator-1" });
    expect(viaLease.status).toBe(200);
    expect(viaLease.body.items[0].role).toBe("operator");
    const elsewhere = await seedFollower(w.partner.platform.id);
    const otherLease = await w.appLease(elsewhere.organization.id);
    const refused = await w.tenant("GET", "/domains", { credential: otherLease });
    const unknown = await w.tenant("GET", `/organizations/${randomUUID()}/domains`);
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).toBe(JSON.stringify(unknown.body));
  });

  it("a worker lease is no door to other people: the neutral 401", async () => {
    const workerLease = await w.appLease(w.orgId, "viewer-1");
    const refused = await w.tenant("GET", "/domains", { credential: workerLease });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("UNAUTHORIZED");
  });

  it("reads the person's current roles on every request", async () => {
    await w.vouch("changing-1", "viewer");
    expect((await w.tenant("GET", "/domains", { subject: "changing-1" })).body.items[0].role).toBe("viewer");
    await w.vouch("changing-1", "editor");
    expect((await w.tenant("GET", "/domains", { subject: "changing-1" })).body.items[0].role).toBe("editor");
  });
});

describe("tenant routes: refusals", () => {
  it("a missing or bad credential is the partner surface's neutral 401", async () => {
    const missing = await w.tenant("GET", "/domains", { credential: null });
    const bad = await w.tenant("GET", "/domains", { credential: "ykp_not-a-key" });
    const userKey = await w.tenant("GET", "/domains", { credential: "yk_whatever" });
    for (const refused of [missing, bad, userKey]) {
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual(missing.body);
    }
  });

  it("another platform's customer, a nonexistent one, an unknown and a revoked subject answer byte for byte the same 404", async () => {
    const answers = await Promise.all([
      w.tenant("GET", `/organizations/${otherOrgId}/domains`),
      w.tenant("GET", `/organizations/${randomUUID()}/domains`),
      w.tenant("GET", "/organizations/not-a-uuid/domains"),
      w.tenant("GET", "/domains", { subject: "nobody-here" }),
      w.tenant("GET", "/domains", { subject: "revoked-1" }),
      w.tenant("GET", `/organizations/${otherOrgId}/agents/sessions/${randomUUID()}`, { subject: "viewer-1" }),
    ]);
    const first = JSON.stringify(answers[0]!.body);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).toBe(first);
    }
  });

  it("a missing or blank X-Service-Subject is 400 VALIDATION naming the header, whatever the organization", async () => {
    for (const path of ["/domains", `/organizations/${otherOrgId}/domains`]) {
      for (const subject of [null, " ", "x".repeat(201)]) {
        const refused = await w.tenant("GET", path, { subject });
        expect(refused.status).toBe(400);
        expect(refused.body.error.code).toBe("VALIDATION");
        expect(refused.body.error.message).toContain("X-Service-Subject");
      }
    }
  });

  it("a suspended platform is refused as on its other routes", async () => {
    await db().partnerPlatform.update({ where: { id: w.partner.platform.id }, data: { status: "SUSPENDED" } });
    try {
      const refused = await w.tenant("GET", "/domains");
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe("PARTNER_PLATFORM_SUSPENDED");
    } finally {
      await db().partnerPlatform.update({ where: { id: w.partner.platform.id }, data: { status: "ACTIVE" } });
    }
  });

  it("is served only on /api/partner/v1 (never through the console's /api/trpc)", async () => {
    const req = new Request("http://127.0.0.1/api/trpc/tenant.domains.list", {
      headers: { authorization: `Bearer ${w.partner.key}`, "x-service-subject": "owner" },
    });
    const caller = appRouter.createCaller(createContext(req, "console"));
    await expect(caller.tenant.domains.list({ orgId: w.orgId })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("`owner` cannot be vouched as a worker's partnerSubject", async () => {
    const refused = await partnerRequest("POST", `/organizations/${w.orgId}/workers`, {
      credential: w.partner.key,
      body: {
        partnerSubject: "owner",
        displayName: "Impostor",
        domainRoles: [{ domainId: w.domain.id, role: "viewer" }],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("VALIDATION");
    expect(viewerMappingId).toBeTruthy();
  });
});

describe("the customer record names its domains with their ids", () => {
  it("in the provisioning answer, its replay (invitation null, otherwise identical) and GET /organizations/{orgId}", async () => {
    const partner = await partnerPlatform();
    const key = randomUUID();
    const body = requestBody({ domainName: "Front desk" });
    const first = await provision(partner.key, body, key);
    expect(first.status).toBe(202);
    const domains = await db().domain.findMany({ where: { organizationId: first.body.orgId }, select: { id: true } });
    expect(first.body.domains).toEqual([{ id: domains[0]!.id, name: "Front desk" }]);
    const replay = await provision(partner.key, body, key);
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    expect(replay.body).toEqual({ ...first.body, owner: { ...first.body.owner, invitation: null } });
    const read = await partnerRequest("GET", `/organizations/${first.body.orgId}`, { credential: partner.key });
    expect(read.body.domains).toEqual(first.body.domains);
    // The owner acts at once through the tenant routes, in the domain provisioning created.
    const asOwner = await partnerRequest("GET", `/organizations/${first.body.orgId}/domains`, {
      credential: partner.key,
      headers: { "x-service-subject": "owner" },
    });
    expect(asOwner.body.items).toEqual([{ id: domains[0]!.id, name: "Front desk", role: "owner" }]);
  });
});
