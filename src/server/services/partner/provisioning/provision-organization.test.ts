import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganization } from "../../../../../test/factories";
import { partnerPlatform, seedFollower } from "../../../../../test/partner-kit";
import { startEngine, stopEngine } from "../../../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { hashSecret } from "@/server/auth/secret-token";
import { ONBOARDING_QUEUE } from "@/server/jobs/queues";
import type { PgBoss } from "pg-boss";
import { CLAIM_LEASE_MS } from "./provisioning-claims";
import { provisioningDigest } from "./provision-organization";
import {
  partnerApi,
  platformWithTemplate,
  provision,
  requestBody,
  segment,
} from "../../../../../test/provisioning-kit";

// POST /api/partner/v1/organizations through the real route handler, on the real queue (no
// workers: onboarding jobs stay queued, so "no new onboarding run" is countable).

let boss: PgBoss;
let world: Awaited<ReturnType<typeof platformWithTemplate>>;

beforeAll(async () => {
  boss = await startEngine({ workers: false });
  world = await platformWithTemplate({ customerQuota: 100 });
});
afterAll(stopEngine);

const onboardingJobs = async (followerId: string) =>
  (await boss.findJobs(ONBOARDING_QUEUE, { data: { followerId } })).length;
const platformRow = (platformId: string) => db().partnerPlatform.findUniqueOrThrow({ where: { id: platformId } });
const claimsOf = (keyId: string, key: string) =>
  db().provisioningClaim.findMany({ where: { partnerKeyId: keyId, key } });

describe("POST /organizations: the customer", () => {
  it("creates organization, follower, owner, invitation, quota spend and onboarding job in one request", async () => {
    const body = requestBody();
    const before = await platformRow(world.platform.id);
    const response = await provision(world.key, body);
    expect(response.status).toBe(202);
    expect(response.headers.get("idempotency-replayed")).toBeNull();
    const record = response.body;
    expect(record).toMatchObject({
      clientName: body.clientName,
      clientSegment: body.clientSegment,
      directLoginDisabled: false,
      domainName: body.domainName,
      onboardingStatus: "pending",
      onboardingSteps: [],
      onboardingError: null,
      release: {
        templateId: world.template.id,
        templateName: world.template.name,
        version: 1,
        releaseId: world.release.id,
      },
      owner: {
        name: body.ownerName,
        invitation: { url: expect.stringMatching(/\/activate\/[A-Za-z0-9_-]{43}$/), expiresAt: expect.any(String) },
      },
    });
    expect(new Date(record.owner.invitation.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    const organization = await db().organization.findUniqueOrThrow({
      where: { slug: body.clientSegment },
      include: { memberships: true, follower: true },
    });
    expect(organization).toMatchObject({
      id: record.orgId,
      name: body.clientName,
      memberships: [{ userId: record.owner.userId, role: "OWNER" }],
    });
    expect(organization.follower).toMatchObject({
      platformId: world.platform.id,
      onboardingStatus: "PENDING",
      releaseId: world.release.id,
      ownerUserId: record.owner.userId,
    });
    const owner = await db().user.findUniqueOrThrow({ where: { id: record.owner.userId } });
    expect(owner).toMatchObject({ name: body.ownerName, email: `owner+${record.orgId}@followers.invalid` });
    // The link is stored only as a hash, and never in the replayable outcome.
    const token = record.owner.invitation.url.split("/").pop();
    const invitation = await db().ownerInvitation.findFirstOrThrow({ where: { organizationId: record.orgId } });
    expect(invitation.secretHash).toBe(hashSecret(token));
    const [claim] = await db().provisioningClaim.findMany({
      where: { platformId: world.platform.id, responseBody: { path: ["orgId"], equals: record.orgId } },
    });
    expect(claim).toMatchObject({ state: "COMPLETED", partnerKeyId: world.keyId });
    expect(JSON.stringify(claim!.responseBody)).not.toContain(token);
    expect((await platformRow(world.platform.id)).customersProvisioned).toBe(before.customersProvisioned + 1);
    expect(await onboardingJobs(organization.follower!.id)).toBe(1);
  });

  it("without a template gives an empty customer: release null", async () => {
    const partner = await partnerPlatform();
    const response = await provision(partner.key, requestBody());
    expect(response.status).toBe(202);
    expect(response.body.release).toBeNull();
  });

  it("GET /organizations/{orgId} reads the platform's own customer, invitation null; others are one uniform 404", async () => {
    const created = await provision(world.key, requestBody());
    const read = await partnerApi("GET", `/organizations/${created.body.orgId}`, { key: world.key });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ...created.body, owner: { ...created.body.owner, invitation: null } });
    const other = await partnerPlatform();
    const plain = await createOrganization();
    for (const [key, orgId] of [
      [other.key, created.body.orgId],
      [world.key, randomUUID()],
      [world.key, plain.id],
      [world.key, "not-a-uuid"],
    ]) {
      const response = await partnerApi("GET", `/organizations/${orgId}`, { key });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe("NOT_FOUND");
    }
    expect((await partnerApi("GET", `/organizations/${created.body.orgId}`, {})).status).toBe(401);
  });
});

describe("POST /organizations: Idempotency-Key", () => {
  it("replays a completed request: 202, same record with invitation null, Idempotency-Replayed, nothing created", async () => {
    const body = requestBody();
    const key = randomUUID();
    const first = await provision(world.key, body, key);
    const follower = await db().follower.findUniqueOrThrow({ where: { organizationId: first.body.orgId } });
    const before = await platformRow(world.platform.id);
    const replay = await provision(world.key, body, key);
    expect(replay.status).toBe(202);
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    expect(replay.body).toEqual({ ...first.body, owner: { ...first.body.owner, invitation: null } });
    expect(await db().organization.count({ where: { slug: body.clientSegment } })).toBe(1);
    expect(
      await db().follower.count({ where: { platformId: world.platform.id, clientSegment: body.clientSegment } }),
    ).toBe(1);
    expect(await db().ownerInvitation.count({ where: { organizationId: first.body.orgId } })).toBe(1);
    expect((await platformRow(world.platform.id)).customersProvisioned).toBe(before.customersProvisioned);
    expect(await onboardingJobs(follower.id)).toBe(1);
  });

  it("refuses another body under the same key (IDEMPOTENCY_KEY_REUSED) and scopes keys to the partner key", async () => {
    const key = randomUUID();
    expect((await provision(world.key, requestBody(), key)).status).toBe(202);
    const reused = await provision(world.key, requestBody(), key);
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const { secret } = await import("@/server/services/partner/platforms/issue-partner-key").then((module) =>
      module.issuePartnerKey(world.platform.id, "Second key"),
    );
    expect((await provision(secret, requestBody(), key)).status).toBe(202);
  });

  it("answers IDEMPOTENCY_IN_PROGRESS with Retry-After: 2 while the original runs, and takes over an attempt that died", async () => {
    const body = requestBody();
    const key = randomUUID();
    await db().provisioningClaim.create({
      data: {
        platformId: world.platform.id,
        partnerKeyId: world.keyId,
        key,
        requestDigest: provisioningDigest(body),
        expiresAt: new Date(Date.now() + 3600_000),
      },
    });
    const busy = await provision(world.key, body, key);
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe("IDEMPOTENCY_IN_PROGRESS");
    expect(busy.headers.get("retry-after")).toBe("2");
    await db().provisioningClaim.updateMany({
      where: { partnerKeyId: world.keyId, key },
      data: { createdAt: new Date(Date.now() - CLAIM_LEASE_MS - 1000) },
    });
    const taken = await provision(world.key, body, key);
    expect(taken.status).toBe(202);
    expect(taken.body.owner.invitation).not.toBeNull();
  });

  it("after the 7 days the first request reclaims the key and runs fresh", async () => {
    const key = randomUUID();
    const first = await provision(world.key, requestBody(), key);
    await db().provisioningClaim.updateMany({
      where: { partnerKeyId: world.keyId, key },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    const fresh = await provision(world.key, requestBody(), key);
    expect(fresh.status).toBe(202);
    expect(fresh.headers.get("idempotency-replayed")).toBeNull();
    expect(fresh.body.orgId).not.toBe(first.body.orgId);
    const [claim] = await claimsOf(world.keyId, key);
    expect(claim!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600 * 1000);
  });

  it("refuses malformed headers and bodies with 400 before any claim exists", async () => {
    const cases: Array<{ key: string | null; body: unknown; headers?: Record<string, string> }> = [
      { key: null, body: requestBody() },
      { key: "a,b", body: requestBody() },
      { key: "has space", body: requestBody() },
      { key: "x".repeat(129), body: requestBody() },
      { key: `k-${randomUUID()}`, body: { ...requestBody(), extra: true } },
      { key: `k-${randomUUID()}`, body: { ...requestBody(), directLoginDisabled: "no" } },
      { key: `k-${randomUUID()}`, body: { clientName: "x" } },
      { key: `k-${randomUUID()}`, body: { ...requestBody(), ownerName: "   " } },
    ];
    for (const { key, body } of cases) {
      const response = await provision(world.key, body, key);
      expect(response.status, JSON.stringify({ key, body })).toBe(400);
      expect(response.body.error.code).toBe("VALIDATION");
      if (key) expect(await claimsOf(world.keyId, key)).toEqual([]);
    }
    const repeated = new Headers({ "content-type": "application/json", authorization: `Bearer ${world.key}` });
    repeated.append("idempotency-key", "one");
    repeated.append("idempotency-key", "two");
    const { handleOpenApiRequest } = await import("@/server/trpc/openapi-handler");
    const response = await handleOpenApiRequest(
      new Request("http://127.0.0.1/api/partner/v1/organizations", {
        method: "POST",
        headers: repeated,
        body: JSON.stringify(requestBody()),
      }),
      "partner-v1",
    );
    expect(response.status).toBe(400);
    expect(
      await db().provisioningClaim.count({
        where: { partnerKeyId: world.keyId, key: { in: ["one", "two", "one, two"] } },
      }),
    ).toBe(0);
  });

  it("refuses a missing, invalid or personal credential with the neutral 401", async () => {
    const { createApiKeyFor, memberOfNewOrg } = await import("../../../../../test/factories");
    const { organization, user } = await memberOfNewOrg("OWNER");
    const personal = await createApiKeyFor(user.id, organization.id);
    for (const key of [undefined, "ykp_nope", personal.token]) {
      const response = await partnerApi("POST", "/organizations", {
        key,
        body: requestBody(),
        headers: { "idempotency-key": randomUUID() },
      });
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe("UNAUTHORIZED");
    }
  });

  it("records an unknown failure after execution began as indeterminate: 500 PROVISIONING_FAILED, then IDEMPOTENCY_OUTCOME_UNKNOWN", async () => {
    const marker = `Explode ${randomUUID().slice(0, 8)}`;
    await db().$executeRawUnsafe(
      `CREATE OR REPLACE FUNCTION refuse_follower_${marker.slice(8)}() RETURNS trigger AS $$ BEGIN IF NEW."clientName" = '${marker}' THEN RAISE EXCEPTION 'disk on fire'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
    );
    await db().$executeRawUnsafe(
      `CREATE TRIGGER refuse_follower_${marker.slice(8)} BEFORE INSERT ON followers FOR EACH ROW EXECUTE FUNCTION refuse_follower_${marker.slice(8)}()`,
    );
    try {
      const body = requestBody({ clientName: marker });
      const key = randomUUID();
      const failed = await provision(world.key, body, key);
      expect(failed.status).toBe(500);
      expect(failed.body.error.code).toBe("PROVISIONING_FAILED");
      expect(JSON.stringify(failed.body)).not.toContain("disk on fire");
      expect((await claimsOf(world.keyId, key))[0]!.state).toBe("INDETERMINATE");
      expect(await db().organization.count({ where: { slug: body.clientSegment } })).toBe(0);
      for (let attempt = 0; attempt < 2; attempt++) {
        const retry = await provision(world.key, body, key);
        expect(retry.status).toBe(409);
        expect(retry.body.error.code).toBe("IDEMPOTENCY_OUTCOME_UNKNOWN");
      }
    } finally {
      await db().$executeRawUnsafe(`DROP TRIGGER IF EXISTS refuse_follower_${marker.slice(8)} ON followers`);
    }
  });
});

describe("POST /organizations: concurrency", () => {
  it("concurrent duplicates under one key make exactly one organization and one quota spend", async () => {
    const body = requestBody();
    const key = randomUUID();
    const before = await platformRow(world.platform.id);
    const responses = await Promise.all(Array.from({ length: 8 }, () => provision(world.key, body, key)));
    const created = responses.filter((response) => response.status === 202);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((response) => response.body.orgId)).size).toBe(1);
    expect(created.filter((response) => response.headers.get("idempotency-replayed") !== "true")).toHaveLength(1);
    for (const response of responses.filter((candidate) => candidate.status !== 202)) {
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe("IDEMPOTENCY_IN_PROGRESS");
    }
    expect(await db().organization.count({ where: { slug: body.clientSegment } })).toBe(1);
    expect((await platformRow(world.platform.id)).customersProvisioned).toBe(before.customersProvisioned + 1);
  });

  it("distinct requests racing for the last unit of quota: exactly one wins, the rest QUOTA_EXHAUSTED", async () => {
    const partner = await partnerPlatform({ customerQuota: 3 });
    for (let index = 0; index < 2; index++) expect((await provision(partner.key, requestBody())).status).toBe(202);
    const responses = await Promise.all(Array.from({ length: 6 }, () => provision(partner.key, requestBody())));
    expect(responses.filter((response) => response.status === 202)).toHaveLength(1);
    for (const response of responses.filter((candidate) => candidate.status !== 202)) {
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe("QUOTA_EXHAUSTED");
    }
    expect((await platformRow(partner.platform.id)).customersProvisioned).toBe(3);
    expect(await db().follower.count({ where: { platformId: partner.platform.id } })).toBe(3);
  });

  it("distinct keys racing for one segment: one customer, the others IDENTIFIER_TAKEN with details.existing", async () => {
    const body = requestBody();
    const responses = await Promise.all(Array.from({ length: 4 }, () => provision(world.key, body)));
    expect(responses.filter((response) => response.status === 202)).toHaveLength(1);
    const orgId = responses.find((response) => response.status === 202)!.body.orgId;
    for (const response of responses.filter((candidate) => candidate.status !== 202)) {
      expect(response.status).toBe(409);
      expect(response.body.error).toMatchObject({
        code: "IDENTIFIER_TAKEN",
        details: { existing: { orgId, onboardingStatus: "pending" } },
      });
    }
  });
});

describe("POST /organizations: the named refusals, in order, release the claim", () => {
  async function refusal(key: string, body: unknown, idempotencyKey = randomUUID()) {
    const response = await provision(key, body, idempotencyKey);
    return {
      status: response.status,
      code: response.body?.error?.code as string,
      details: response.body?.error?.details,
      idempotencyKey,
    };
  }

  it("PARTNER_PLATFORM_SUSPENDED (403) comes first, then PROVISIONING_NOT_ENABLED (403)", async () => {
    const suspended = await partnerPlatform({ provisioningEnabled: false });
    await db().partnerPlatform.update({ where: { id: suspended.platform.id }, data: { status: "SUSPENDED" } });
    expect(await refusal(suspended.key, requestBody({ clientSegment: "BAD" }))).toMatchObject({
      status: 403,
      code: "PARTNER_PLATFORM_SUSPENDED",
    });
    const noGrant = await partnerPlatform({ provisioningEnabled: false });
    expect(await refusal(noGrant.key, requestBody({ clientSegment: "BAD" }))).toMatchObject({
      status: 403,
      code: "PROVISIONING_NOT_ENABLED",
    });
  });

  it("TEMPLATE_SUSPENDED (409) before the segment; a template without release is unavailable too", async () => {
    const partner = await platformWithTemplate();
    await db().partnerTemplate.update({ where: { id: partner.template.id }, data: { status: "SUSPENDED" } });
    expect(await refusal(partner.key, requestBody({ clientSegment: "BAD" }))).toMatchObject({
      status: 409,
      code: "TEMPLATE_SUSPENDED",
    });
    await db().partnerTemplate.update({ where: { id: partner.template.id }, data: { status: "ACTIVE" } });
    await db().templateRelease.deleteMany({ where: { templateId: partner.template.id } });
    expect(await refusal(partner.key, requestBody())).toMatchObject({ status: 409, code: "TEMPLATE_SUSPENDED" });
  });

  it("CLIENT_SEGMENT_INVALID (400) before the identifier, and the corrected request reuses the key", async () => {
    for (const bad of ["", "Upper", "-lead", "trail-", "under_score", "a".repeat(64), "sp ace", "dots.not"]) {
      expect(await refusal(world.key, requestBody({ clientSegment: bad }))).toMatchObject({
        status: 400,
        code: "CLIENT_SEGMENT_INVALID",
      });
    }
    const bad = await refusal(world.key, requestBody({ clientSegment: "Not_Valid" }));
    expect(await claimsOf(world.keyId, bad.idempotencyKey)).toEqual([]);
    expect((await provision(world.key, requestBody(), bad.idempotencyKey)).status).toBe(202);
  });

  it("IDENTIFIER_TAKEN (409): details.existing only for this platform's own customer", async () => {
    const own = await seedFollower(world.platform.id);
    expect(await refusal(world.key, requestBody({ clientSegment: own.organization.slug }))).toMatchObject({
      status: 409,
      code: "IDENTIFIER_TAKEN",
      details: { existing: { orgId: own.organization.id, onboardingStatus: "completed" } },
    });
    const other = await partnerPlatform();
    const theirs = await seedFollower(other.platform.id);
    const plain = await createOrganization("plain");
    for (const slug of [theirs.organization.slug, plain.slug]) {
      const refused = await refusal(world.key, requestBody({ clientSegment: slug }));
      expect(refused).toMatchObject({ status: 409, code: "IDENTIFIER_TAKEN" });
      expect(refused.details).not.toHaveProperty("existing");
    }
  });

  it("QUOTA_EXHAUSTED (403) after the identifier check, and never spends", async () => {
    const partner = await partnerPlatform({ customerQuota: 0 });
    const taken = await createOrganization("taken");
    expect(await refusal(partner.key, requestBody({ clientSegment: taken.slug }))).toMatchObject({
      status: 409,
      code: "IDENTIFIER_TAKEN",
    });
    const refused = await refusal(partner.key, requestBody({ clientSegment: segment() }));
    expect(refused).toMatchObject({ status: 403, code: "QUOTA_EXHAUSTED" });
    expect(await claimsOf(partner.keyId, refused.idempotencyKey)).toEqual([]);
    expect((await platformRow(partner.platform.id)).customersProvisioned).toBe(0);
  });
});
