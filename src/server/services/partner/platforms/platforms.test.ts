import { describe, expect, it } from "vitest";
import { bearerHeaders } from "../../../../../test/factories";
import { partnerPlatform, seedFollower } from "../../../../../test/partner-kit";
import type { TLeaseActor } from "@/server/auth/actor";
import { authenticateBearer } from "@/server/auth/authenticate";
import { hashSecret, mintSecret } from "@/server/auth/secret-token";
import { db } from "@/server/db/client";
import { assertLeaseLive } from "@/server/services/partner/leases/lease-access";
import { createTemplate } from "@/server/services/partner/templates/create-template";
import { publishTemplateRelease } from "@/server/services/partner/templates/publish-template-release";
import { createPartnerApp } from "./create-partner-app";
import { createPlatform } from "./create-platform";
import { getPlatform } from "./get-platform";
import { issuePartnerKey } from "./issue-partner-key";
import { listFollowers } from "./list-followers";
import { listPartnerApps } from "./list-partner-apps";
import { listPartnerKeys } from "./list-partner-keys";
import { listPlatforms } from "./list-platforms";
import { revokePartnerApp } from "./revoke-partner-app";
import { revokePartnerKey } from "./revoke-partner-key";
import { setPlatformGrant } from "./set-platform-grant";
import { setPlatformQuota } from "./set-platform-quota";
import { setPlatformStatus } from "./set-platform-status";
import { setReturnUrls } from "./set-return-urls";

describe("partner platforms", () => {
  it("creates an active platform with its grant and quota, and lists it with its follower count", async () => {
    const platform = await createPlatform({ name: "Shopware", provisioningEnabled: true, customerQuota: 5 });
    expect(platform).toMatchObject({
      name: "Shopware",
      status: "ACTIVE",
      provisioningEnabled: true,
      customerQuota: 5,
      customersProvisioned: 0,
      followerCount: 0,
      returnUrls: [],
    });
    await seedFollower(platform.id);
    const listed = (await listPlatforms()).platforms.find((entry) => entry.id === platform.id);
    expect(listed).toMatchObject({ followerCount: 1, customerQuota: 5 });
  });

  it("suspends, reactivates and changes the grant", async () => {
    const { platform } = await partnerPlatform();
    expect((await setPlatformStatus(platform.id, "SUSPENDED")).platform.status).toBe("SUSPENDED");
    expect((await setPlatformStatus(platform.id, "ACTIVE")).platform.status).toBe("ACTIVE");
    expect((await setPlatformGrant(platform.id, false)).platform.provisioningEnabled).toBe(false);
    await expect(setPlatformStatus(crypto.randomUUID(), "ACTIVE")).rejects.toMatchObject({
      code: "NOT_FOUND",
      status: 404,
    });
  });

  it("never lowers the quota below what is spent, and says how much that is", async () => {
    const { platform } = await partnerPlatform({ customerQuota: 10 });
    await db().partnerPlatform.update({ where: { id: platform.id }, data: { customersProvisioned: 3 } });
    await expect(setPlatformQuota(platform.id, 2)).rejects.toMatchObject({
      code: "CONFLICT",
      status: 409,
      message: "The quota cannot go below 3: that many customers exist already.",
    });
    expect((await getPlatform(platform.id)).platform.customerQuota).toBe(10);
    expect((await setPlatformQuota(platform.id, 3)).platform.customerQuota).toBe(3);
    expect((await setPlatformQuota(platform.id, 50)).platform.customerQuota).toBe(50);
    await expect(setPlatformQuota(crypto.randomUUID(), 1)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("registers absolute http(s) return URLs only", async () => {
    const { platform } = await partnerPlatform();
    const urls = ["https://app.example.test/back", "http://127.0.0.1:4010/return"];
    expect((await setReturnUrls(platform.id, [...urls, urls[0]!])).platform.returnUrls).toEqual(urls);
    for (const bad of [
      "/relative",
      "ftp://example.test/x",
      "https://user:pw@example.test/",
      "https://example.test/#frag",
    ]) {
      await expect(setReturnUrls(platform.id, [bad])).rejects.toMatchObject({ code: "VALIDATION" });
    }
    expect((await getPlatform(platform.id)).platform.returnUrls).toEqual(urls);
    expect((await setReturnUrls(platform.id, [])).platform.returnUrls).toEqual([]);
  });
});

describe("partner keys", () => {
  it("shows the secret once, keeps only its hash, lists and revokes the key", async () => {
    const { platform } = await partnerPlatform();
    const { key, secret } = await issuePartnerKey(platform.id, "Production");
    expect(secret).toMatch(/^ykp_/);
    expect(secret.startsWith(key.prefix)).toBe(true);
    const row = await db().partnerKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(row.secretHash).toBe(hashSecret(secret));
    expect(JSON.stringify(await db().$queryRawUnsafe(`SELECT * FROM partner_keys`))).not.toContain(
      secret.slice(key.prefix.length),
    );

    const { keys } = await listPartnerKeys(platform.id);
    expect(keys.map((entry) => entry.name)).toEqual(["Production", "Test key"]);
    expect(JSON.stringify(keys)).not.toContain(secret);
    expect(await authenticateBearer(bearerHeaders(secret), ["partner_key"])).toMatchObject({
      platformId: platform.id,
      keyId: key.id,
    });

    const { key: revoked } = await revokePartnerKey(platform.id, key.id);
    expect(revoked.revokedAt).not.toBeNull();
    expect(await authenticateBearer(bearerHeaders(secret), ["partner_key"])).toBeNull();
    const other = await partnerPlatform();
    await expect(revokePartnerKey(other.platform.id, key.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(issuePartnerKey(crypto.randomUUID(), "Nowhere")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("partner apps", () => {
  it("creates, lists and revokes apps; a revoked app's live leases stop working", async () => {
    const { platform } = await partnerPlatform();
    const app = await createPartnerApp(platform.id, "Storefront");
    expect((await listPartnerApps(platform.id)).apps.map((entry) => entry.name)).toEqual(["Storefront", "Test app"]);
    const { organization } = await seedFollower(platform.id);
    const lease = mintSecret("lease_token");
    await db().leaseToken.create({
      data: {
        platformId: platform.id,
        organizationId: organization.id,
        appId: app.id,
        prefix: lease.prefix,
        secretHash: lease.secretHash,
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    const actor = (await authenticateBearer(bearerHeaders(lease.token), ["lease_token"])) as TLeaseActor;
    await expect(assertLeaseLive(actor)).resolves.toBeUndefined();
    const { app: revoked } = await revokePartnerApp(platform.id, app.id);
    expect(revoked.revokedAt).not.toBeNull();
    await expect(assertLeaseLive(actor)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect((await revokePartnerApp(platform.id, app.id)).app.revokedAt).toBe(revoked.revokedAt);
    await expect(revokePartnerApp(platform.id, crypto.randomUUID())).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("followers", () => {
  it("lists each follower's onboarding state with the release it applied", async () => {
    const { platform } = await partnerPlatform();
    const { follower, organization } = await seedFollower(platform.id);
    const { template } = await createTemplate({
      platformId: platform.id,
      name: "Starter",
      sourceOrganizationId: organization.id,
    });
    const { releaseId } = await publishTemplateRelease({ templateId: template.id });
    await db().follower.update({
      where: { id: follower.id },
      data: {
        releaseId,
        onboardingSteps: ["domains", "automations"],
        onboardingStatus: "FAILED",
        onboardingError: "boom",
      },
    });
    const { followers } = await listFollowers(platform.id);
    expect(followers).toEqual([
      {
        id: follower.id,
        organizationId: organization.id,
        clientName: follower.clientName,
        clientSegment: follower.clientSegment,
        onboardingStatus: "FAILED",
        release: { id: releaseId, templateName: "Starter", version: 1 },
        onboardingSteps: ["domains", "automations"],
        onboardingError: "boom",
        createdAt: follower.createdAt.toISOString(),
        onboardedAt: follower.onboardedAt!.toISOString(),
      },
    ]);
    await expect(listFollowers(crypto.randomUUID())).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
