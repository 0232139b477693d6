import { describe, expect, it } from "vitest";
import {
  addOrgMember,
  bearerHeaders,
  createAccessTokenFor,
  createApiKeyFor,
  createOrganization,
  memberOfNewOrg,
  withWrongSecret,
} from "../../../test/factories";
import { db } from "@/server/db/client";
import { authenticateBearer } from "./authenticate";
import { mintSecret } from "./secret-token";

const HOUR = 60 * 60 * 1000;

async function keyOwner(orgRole: "OWNER" | "ADMIN" | "MEMBER" = "MEMBER") {
  const { organization, user } = await memberOfNewOrg(orgRole);
  const key = await createApiKeyFor(user.id, organization.id);
  return { organization, user, key };
}

async function tokenOwner(expiresAt?: Date) {
  const { organization, user } = await memberOfNewOrg("ADMIN");
  const { token, row } = await createAccessTokenFor(user.id, organization.id, expiresAt);
  return { organization, user, token, row };
}

async function createPlatform(status: "ACTIVE" | "SUSPENDED" = "ACTIVE", provisioningEnabled = false) {
  return db().partnerPlatform.create({ data: { name: "Partner", status, provisioningEnabled } });
}

describe("personal API keys (yk_)", () => {
  it("resolve to their owner in the key's organization", async () => {
    const { organization, user, key } = await keyOwner("OWNER");
    const actor = await authenticateBearer(bearerHeaders(key.token), ["api_key"]);
    expect(actor).toEqual({
      kind: "user",
      userId: user.id,
      email: user.email,
      name: user.name,
      orgId: organization.id,
      orgRole: "OWNER",
      via: "api_key",
      credentialId: key.row.id,
    });
  });

  it("act in the organization they were created in, even when the owner belongs to others", async () => {
    const { organization, user, key } = await keyOwner();
    const other = await createOrganization("Other");
    await addOrgMember(other.id, user.id, "OWNER");
    const actor = await authenticateBearer(bearerHeaders(key.token), ["api_key"]);
    expect(actor).toMatchObject({ orgId: organization.id, orgRole: "MEMBER" });
  });

  it("record when they were last used", async () => {
    const { key } = await keyOwner();
    expect(key.row.lastUsedAt).toBeNull();
    const before = Date.now();
    await authenticateBearer(bearerHeaders(key.token), ["api_key"]);
    const row = await db().apiKey.findUniqueOrThrow({ where: { id: key.row.id } });
    expect(row.lastUsedAt).not.toBeNull();
    expect(row.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.lastUsedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("do not record use when they are refused", async () => {
    const { user, key } = await keyOwner();
    await db().user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });
    expect(await authenticateBearer(bearerHeaders(key.token), ["api_key"])).toBeNull();
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: key.row.id } })).lastUsedAt).toBeNull();
  });

  it("are refused once revoked", async () => {
    const { key } = await keyOwner();
    await db().apiKey.update({ where: { id: key.row.id }, data: { revokedAt: new Date() } });
    expect(await authenticateBearer(bearerHeaders(key.token), ["api_key"])).toBeNull();
  });

  it("are refused with the right lookup prefix but a wrong secret", async () => {
    const { key } = await keyOwner();
    const wrong = withWrongSecret(key.token);
    expect(wrong.startsWith(key.row.prefix)).toBe(true);
    expect(await authenticateBearer(bearerHeaders(wrong), ["api_key"])).toBeNull();
    // The real key still works afterwards.
    expect(await authenticateBearer(bearerHeaders(key.token), ["api_key"])).not.toBeNull();
  });

  it("are refused when their owner is disabled", async () => {
    const { user, key } = await keyOwner();
    await db().user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });
    expect(await authenticateBearer(bearerHeaders(key.token), ["api_key"])).toBeNull();
  });

  it("are refused when the owner's membership of the organization is removed", async () => {
    const { organization, user, key } = await keyOwner();
    await db().organizationMembership.delete({
      where: { organizationId_userId: { organizationId: organization.id, userId: user.id } },
    });
    expect(await authenticateBearer(bearerHeaders(key.token), ["api_key"])).toBeNull();
  });

  it("read the owner's current organization role", async () => {
    const { organization, user, key } = await keyOwner("MEMBER");
    await db().organizationMembership.update({
      where: { organizationId_userId: { organizationId: organization.id, userId: user.id } },
      data: { role: "ADMIN" },
    });
    expect(await authenticateBearer(bearerHeaders(key.token), ["api_key"])).toMatchObject({ orgRole: "ADMIN" });
  });

  it("are refused where the caller does not accept them", async () => {
    const { key } = await keyOwner();
    expect(await authenticateBearer(bearerHeaders(key.token), ["user_token"])).toBeNull();
    expect(await authenticateBearer(bearerHeaders(key.token), ["partner_key", "lease_token"])).toBeNull();
    expect(await authenticateBearer(bearerHeaders(key.token), [])).toBeNull();
  });
});

describe("short-lived user tokens (yku_)", () => {
  it("resolve to their user in the organization they were issued for", async () => {
    const { organization, user, token, row } = await tokenOwner();
    const actor = await authenticateBearer(bearerHeaders(token), ["api_key", "user_token"]);
    expect(actor).toEqual({
      kind: "user",
      userId: user.id,
      email: user.email,
      name: user.name,
      orgId: organization.id,
      orgRole: "ADMIN",
      via: "user_token",
      credentialId: row.id,
    });
  });

  it("are refused once expired", async () => {
    const { token } = await tokenOwner(new Date(Date.now() - HOUR));
    expect(await authenticateBearer(bearerHeaders(token), ["user_token"])).toBeNull();
  });

  it("are refused when the expiry has just passed", async () => {
    const { user, token } = await tokenOwner();
    await db().accessToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await authenticateBearer(bearerHeaders(token), ["user_token"])).toBeNull();
  });

  it("are refused with a wrong secret", async () => {
    const { token } = await tokenOwner();
    expect(await authenticateBearer(bearerHeaders(withWrongSecret(token)), ["user_token"])).toBeNull();
  });

  it("are refused when the user is disabled while the token is unexpired", async () => {
    const { user, token } = await tokenOwner();
    expect(await authenticateBearer(bearerHeaders(token), ["user_token"])).not.toBeNull();
    await db().user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });
    expect(await authenticateBearer(bearerHeaders(token), ["user_token"])).toBeNull();
  });

  it("are refused when the membership is removed", async () => {
    const { organization, user, token } = await tokenOwner();
    await db().organizationMembership.delete({
      where: { organizationId_userId: { organizationId: organization.id, userId: user.id } },
    });
    expect(await authenticateBearer(bearerHeaders(token), ["user_token"])).toBeNull();
  });

  it("are refused where only personal API keys are accepted", async () => {
    const { token } = await tokenOwner();
    expect(await authenticateBearer(bearerHeaders(token), ["api_key"])).toBeNull();
  });
});

describe("anything else presented as a bearer", () => {
  it.each([
    ["no Authorization header", new Headers()],
    ["an empty bearer", new Headers({ authorization: "Bearer " })],
    ["another scheme", new Headers({ authorization: `Basic ${mintSecret("api_key").token}` })],
    ["a truncated key", new Headers({ authorization: `Bearer ${mintSecret("api_key").token.slice(0, -1)}` })],
    ["a key with characters outside the alphabet", new Headers({ authorization: `Bearer yk_${"!".repeat(52)}` })],
    ["an unknown prefix", new Headers({ authorization: `Bearer ykx_${"a".repeat(52)}` })],
    ["no prefix at all", new Headers({ authorization: `Bearer ${"a".repeat(55)}` })],
  ])("is refused: %s", async (_label, headers) => {
    expect(await authenticateBearer(headers, ["api_key", "user_token", "partner_key", "lease_token"])).toBeNull();
  });

  it.each(["api_key", "user_token", "partner_key", "lease_token"] as const)(
    "is refused: a well-formed %s that was never issued",
    async (kind) => {
      const { token } = mintSecret(kind);
      expect(await authenticateBearer(bearerHeaders(token), [kind])).toBeNull();
    },
  );
});

describe("partner keys (ykp_)", () => {
  async function partnerKey(
    options: { status?: "ACTIVE" | "SUSPENDED"; provisioningEnabled?: boolean; revoked?: boolean } = {},
  ) {
    const platform = await createPlatform(options.status, options.provisioningEnabled);
    const secret = mintSecret("partner_key");
    const row = await db().partnerKey.create({
      data: {
        platformId: platform.id,
        name: "Partner key",
        prefix: secret.prefix,
        secretHash: secret.secretHash,
        revokedAt: options.revoked ? new Date() : null,
      },
    });
    return { platform, row, token: secret.token };
  }

  it("resolve to their platform", async () => {
    const { platform, row, token } = await partnerKey({ provisioningEnabled: true });
    expect(await authenticateBearer(bearerHeaders(token), ["partner_key"])).toEqual({
      kind: "partner",
      platformId: platform.id,
      keyId: row.id,
      platformSuspended: false,
      provisioningEnabled: true,
    });
  });

  it("report a suspended platform", async () => {
    const { token } = await partnerKey({ status: "SUSPENDED" });
    expect(await authenticateBearer(bearerHeaders(token), ["partner_key"])).toMatchObject({
      platformSuspended: true,
      provisioningEnabled: false,
    });
  });

  it("are refused when revoked, with a wrong secret, or where not accepted", async () => {
    const revoked = await partnerKey({ revoked: true });
    expect(await authenticateBearer(bearerHeaders(revoked.token), ["partner_key"])).toBeNull();
    const { token } = await partnerKey();
    expect(await authenticateBearer(bearerHeaders(withWrongSecret(token)), ["partner_key"])).toBeNull();
    expect(await authenticateBearer(bearerHeaders(token), ["api_key", "user_token", "lease_token"])).toBeNull();
  });
});

describe("leased tokens (ykt_)", () => {
  async function lease(expiresAt: Date, partnerSubject: string | null = null) {
    const platform = await createPlatform();
    const organization = await createOrganization("Follower");
    const secret = mintSecret("lease_token");
    const row = await db().leaseToken.create({
      data: {
        platformId: platform.id,
        organizationId: organization.id,
        appId: "app-1",
        partnerSubject,
        prefix: secret.prefix,
        secretHash: secret.secretHash,
        expiresAt,
      },
    });
    return { platform, organization, row, token: secret.token };
  }

  it("resolve to their platform, organization, app and subject while unexpired", async () => {
    const { platform, organization, row, token } = await lease(new Date(Date.now() + HOUR), "worker-7");
    expect(await authenticateBearer(bearerHeaders(token), ["lease_token"])).toEqual({
      kind: "lease",
      platformId: platform.id,
      orgId: organization.id,
      appId: "app-1",
      partnerSubject: "worker-7",
      tokenId: row.id,
    });
  });

  it("are refused once expired", async () => {
    const { token } = await lease(new Date(Date.now() - 1000));
    expect(await authenticateBearer(bearerHeaders(token), ["lease_token"])).toBeNull();
  });

  it("are refused with a wrong secret or where not accepted", async () => {
    const { token } = await lease(new Date(Date.now() + HOUR));
    expect(await authenticateBearer(bearerHeaders(withWrongSecret(token)), ["lease_token"])).toBeNull();
    expect(await authenticateBearer(bearerHeaders(token), ["partner_key", "api_key", "user_token"])).toBeNull();
  });
});
