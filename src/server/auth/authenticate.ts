import { db } from "@/server/db/client";
import type { TLeaseActor, TPartnerActor, TUserActor, TUserCredentialKind } from "./actor";
import { bearerFrom, parseSecret, secretMatches, type TTokenKind } from "./secret-token";

// lastUsedAt is informational; writing it at most once a minute keeps reads read-only.
const LAST_USED_RESOLUTION_MS = 60_000;

type TBearerActor = TUserActor | TPartnerActor | TLeaseActor;

/**
 * Resolves `Authorization: Bearer ...` to an actor when the secret is one of the accepted
 * kinds, valid, unexpired and unrevoked, and its owner is still enabled and still a member.
 * Returns null for anything else; callers decide how a refusal looks on their surface.
 */
export async function authenticateBearer(headers: Headers, accepted: readonly TTokenKind[]): Promise<TBearerActor | null> {
  const token = bearerFrom(headers);
  const parsed = token ? parseSecret(token) : null;
  if (!token || !parsed || !accepted.includes(parsed.kind)) return null;
  switch (parsed.kind) {
    case "api_key":
      return authenticateApiKey(token, parsed.prefix);
    case "user_token":
      return authenticateUserToken(token, parsed.prefix);
    case "partner_key":
      return authenticatePartnerKey(token, parsed.prefix);
    case "lease_token":
      return authenticateLeaseToken(token, parsed.prefix);
  }
}

// The credential, its owner and the owner's memberships in one statement (relation joins): a
// person belongs to few organizations, so reading them all beats a second round trip.
const OWNER = { select: { email: true, name: true, disabledAt: true, orgMemberships: { select: { organizationId: true, role: true } } } } as const;

async function authenticateApiKey(token: string, prefix: string): Promise<TUserActor | null> {
  const key = await db().apiKey.findUnique({
    where: { prefix },
    select: { id: true, secretHash: true, revokedAt: true, lastUsedAt: true, userId: true, organizationId: true, user: OWNER },
  });
  if (!key || key.revokedAt || !secretMatches(token, key.secretHash)) return null;
  const actor = actorOf(key.userId, key.user, key.organizationId, "api_key", key.id);
  if (actor && (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS)) {
    await db().apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date() } });
  }
  return actor;
}

async function authenticateUserToken(token: string, prefix: string): Promise<TUserActor | null> {
  const row = await db().accessToken.findUnique({
    where: { prefix },
    select: { id: true, secretHash: true, expiresAt: true, userId: true, organizationId: true, user: OWNER },
  });
  if (!row || row.expiresAt.getTime() <= Date.now() || !secretMatches(token, row.secretHash)) return null;
  return actorOf(row.userId, row.user, row.organizationId, "user_token", row.id);
}

async function authenticatePartnerKey(token: string, prefix: string): Promise<TPartnerActor | null> {
  const key = await db().partnerKey.findUnique({
    where: { prefix },
    select: { id: true, secretHash: true, revokedAt: true, platformId: true, platform: { select: { status: true, provisioningEnabled: true } } },
  });
  if (!key || key.revokedAt || !secretMatches(token, key.secretHash)) return null;
  return {
    kind: "partner",
    platformId: key.platformId,
    keyId: key.id,
    platformSuspended: key.platform.status === "SUSPENDED",
    provisioningEnabled: key.platform.provisioningEnabled,
  };
}

async function authenticateLeaseToken(token: string, prefix: string): Promise<TLeaseActor | null> {
  const lease = await db().leaseToken.findUnique({ where: { prefix } });
  if (!lease || lease.expiresAt.getTime() <= Date.now() || !secretMatches(token, lease.secretHash)) return null;
  return {
    kind: "lease",
    platformId: lease.platformId,
    orgId: lease.organizationId,
    appId: lease.appId,
    partnerSubject: lease.partnerSubject,
    tokenId: lease.id,
  };
}

type TOwner = { email: string; name: string; disabledAt: Date | null; orgMemberships: Array<{ organizationId: string; role: TUserActor["orgRole"] }> };

/** The actor of a user read with OWNER: enabled, and still a member of the organization. */
function actorOf(userId: string, user: TOwner | null, orgId: string, via: TUserCredentialKind, credentialId: string | null): TUserActor | null {
  const membership = user?.orgMemberships.find((item) => item.organizationId === orgId);
  if (!user || user.disabledAt || !membership) return null;
  return { kind: "user", userId, email: user.email, name: user.name, orgId, orgRole: membership.role, via, credentialId };
}

/** The user as they are now: enabled, and still a member of the organization. */
export async function userActor(
  userId: string,
  orgId: string,
  via: TUserCredentialKind,
  credentialId: string | null,
): Promise<TUserActor | null> {
  const user = await db().user.findUnique({ where: { id: userId }, select: OWNER.select });
  return actorOf(userId, user, orgId, via, credentialId);
}
