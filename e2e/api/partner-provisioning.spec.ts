import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectError, expectStatus } from "../support/api";
import { partner, provisionOrganization, provisioningBody } from "../support/partner";
import { bearer, world } from "../support/world";

// POST and GET /api/partner/v1/organizations (spec 4.7) against the running app with the fixture
// world's partner keys: the customer record, its onboarding run, idempotency and the refusals.

type TRecord = {
  orgId: string;
  clientSegment: string;
  onboardingStatus: string;
  onboardingSteps: string[];
  release: { templateId: string; templateName: string; version: number; releaseId: string } | null;
  owner: { userId: string; name: string; invitation: { url: string; expiresAt: string } | null };
};

test.describe("POST /api/partner/v1/organizations", () => {
  test("provisions a customer (202) whose onboarding converges; GET reads it with invitation null", async ({
    request,
    baseURL,
  }) => {
    const body = provisioningBody();
    const record = (await expectStatus(await provisionOrganization(request, body), 202)) as TRecord;
    expect(record).toMatchObject({
      clientSegment: body.clientSegment,
      onboardingStatus: "pending",
      owner: { name: body.ownerName },
    });
    expect(record.owner.invitation?.url).toMatch(new RegExp(`^${baseURL}/activate/[A-Za-z0-9_-]{43}$`));
    await expect
      .poll(
        async () =>
          (
            (await (
              await request.get(`/api/partner/v1/organizations/${record.orgId}`, { headers: bearer(partner().key) })
            ).json()) as TRecord
          ).onboardingStatus,
        { timeout: 30_000 },
      )
      .toBe("completed");
    const read = (await expectStatus(
      await request.get(`/api/partner/v1/organizations/${record.orgId}`, { headers: bearer(partner().key) }),
      200,
    )) as TRecord;
    expect(read.owner.invitation).toBeNull();
    expect(read.onboardingSteps[0]).toBe("domains");
    expect(read.release).toEqual(record.release);
  });

  test("a completed retry replays the record with Idempotency-Replayed and no invitation; another body is IDEMPOTENCY_KEY_REUSED", async ({
    request,
  }) => {
    const body = provisioningBody();
    const idempotencyKey = `e2e:${randomUUID()}`;
    const first = (await expectStatus(await provisionOrganization(request, body, { idempotencyKey }), 202)) as TRecord;
    const replay = await provisionOrganization(request, body, { idempotencyKey });
    expect(replay.status()).toBe(202);
    expect(replay.headers()["idempotency-replayed"]).toBe("true");
    expect(await replay.json()).toEqual({ ...first, owner: { ...first.owner, invitation: null } });
    await expectError(
      await provisionOrganization(request, provisioningBody(), { idempotencyKey }),
      409,
      "IDEMPOTENCY_KEY_REUSED",
    );
    // The same text under another platform's key is an independent claim.
    await expectStatus(
      await provisionOrganization(request, provisioningBody(), { idempotencyKey, key: partner().otherPlatformKey }),
      202,
    );
  });

  test("malformed requests are 400 VALIDATION; credentials are a neutral 401", async ({ request }) => {
    await expectError(
      await provisionOrganization(request, provisioningBody(), { idempotencyKey: null }),
      400,
      "VALIDATION",
    );
    await expectError(
      await provisionOrganization(request, provisioningBody(), { idempotencyKey: "a,b" }),
      400,
      "VALIDATION",
    );
    await expectError(await provisionOrganization(request, { ...provisioningBody(), unknown: 1 }), 400, "VALIDATION");
    await expectError(
      await provisionOrganization(request, { ...provisioningBody(), directLoginDisabled: "false" }),
      400,
      "VALIDATION",
    );
    await expectError(
      await provisionOrganization(request, provisioningBody(), { key: "ykp_invalid" }),
      401,
      "UNAUTHORIZED",
    );
    await expectError(
      await provisionOrganization(request, provisioningBody(), { key: world().orgs.acme.users.owner.apiKey }),
      401,
      "UNAUTHORIZED",
    );
  });

  test("the named refusals, each with its status; the corrected request reuses the key", async ({ request }) => {
    await expectError(
      await provisionOrganization(request, provisioningBody(), { key: partner().suspendedKey }),
      403,
      "PARTNER_PLATFORM_SUSPENDED",
    );
    await expectError(
      await provisionOrganization(request, provisioningBody(), { key: partner().noProvisioningKey }),
      403,
      "PROVISIONING_NOT_ENABLED",
    );
    const idempotencyKey = randomUUID();
    await expectError(
      await provisionOrganization(request, provisioningBody({ clientSegment: "Not A Segment" }), { idempotencyKey }),
      400,
      "CLIENT_SEGMENT_INVALID",
    );
    const own = (await expectStatus(
      await provisionOrganization(request, provisioningBody(), { idempotencyKey }),
      202,
    )) as TRecord;
    const taken = await expectError(
      await provisionOrganization(request, provisioningBody({ clientSegment: own.clientSegment })),
      409,
      "IDENTIFIER_TAKEN",
    );
    expect(taken.details?.existing).toMatchObject({ orgId: own.orgId });
    const theirs = await expectError(
      await provisionOrganization(request, provisioningBody({ clientSegment: own.clientSegment }), {
        key: partner().otherPlatformKey,
      }),
      409,
      "IDENTIFIER_TAKEN",
    );
    expect(theirs.details?.existing).toBeUndefined();
  });

  test("GET of another platform's customer or an unknown id is one uniform 404", async ({ request }) => {
    const theirs = (await expectStatus(
      await provisionOrganization(request, provisioningBody(), { key: partner().otherPlatformKey }),
      202,
    )) as TRecord;
    for (const orgId of [theirs.orgId, randomUUID(), world().orgs.acme.id]) {
      await expectError(
        await request.get(`/api/partner/v1/organizations/${orgId}`, { headers: bearer(partner().key) }),
        404,
        "NOT_FOUND",
      );
    }
  });
});
