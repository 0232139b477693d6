import { db, queryRows } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
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
export async function authenticateBearer(
  headers: Headers,
  accepted: readonly TTokenKind[],
): Promise<TBearerActor | null> {
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

type TOwner = { email: string; name: string; disabledAt: Date | null; role: TUserActor["orgRole"] | null };
type TCredentialRow = TOwner & { id: string; secretHash: string; userId: string; organizationId: string };

// A credential with its owner and the owner's role in the credential's organization (none while
// the membership is disabled, which refuses the credential like a removal does): one statement, on the driver (queryRows), because every API request starts here.
const credentialSql = (columns: Prisma.Sql, table: Prisma.Sql, prefix: string) => Prisma.sql`
  SELECT c.id, c."secretHash", c."userId", c."organizationId", ${columns}, u.email, u.name, u."disabledAt",
    CASE WHEN m."disabledAt" IS NULL THEN m.role::text END AS role
  FROM ${table} c JOIN users u ON u.id = c."userId"
  LEFT JOIN organization_memberships m ON m."userId" = c."userId" AND m."organizationId" = c."organizationId"
  WHERE c.prefix = ${prefix}`;

async function authenticateApiKey(token: string, prefix: string): Promise<TUserActor | null> {
  const [key] = await queryRows<TCredentialRow & { revokedAt: Date | null; lastUsedAt: Date | null }>(
    db(),
    credentialSql(Prisma.sql`c."revokedAt", c."lastUsedAt"`, Prisma.sql`api_keys`, prefix),
  );
  if (!key || key.revokedAt || !secretMatches(token, key.secretHash)) return null;
  const actor = actorOf(key.userId, key, key.organizationId, "api_key", key.id);
  if (actor && (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS)) {
    await db().apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date() } });
  }
  return actor;
}

async function authenticateUserToken(token: string, prefix: string): Promise<TUserActor | null> {
  const [row] = await queryRows<TCredentialRow & { expiresAt: Date }>(
    db(),
    credentialSql(Prisma.sql`c."expiresAt"`, Prisma.sql`access_tokens`, prefix),
  );
  if (!row || row.expiresAt.getTime() <= Date.now() || !secretMatches(token, row.secretHash)) return null;
  return actorOf(row.userId, row, row.organizationId, "user_token", row.id);
}

async function authenticatePartnerKey(token: string, prefix: string): Promise<TPartnerActor | null> {
  const key = await db().partnerKey.findUnique({
    where: { prefix },
    select: {
      id: true,
      secretHash: true,
      revokedAt: true,
      platformId: true,
      platform: { select: { status: true, provisioningEnabled: true } },
    },
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

/** The actor of a user with their role in the organization: enabled, and still a member. */
function actorOf(
  userId: string,
  user: TOwner | null,
  orgId: string,
  via: TUserCredentialKind,
  credentialId: string | null,
): TUserActor | null {
  if (!user || user.disabledAt || !user.role) return null;
  return { kind: "user", userId, email: user.email, name: user.name, orgId, orgRole: user.role, via, credentialId };
}

/** The user as they are now: enabled, and still a member of the organization. */
export async function userActor(
  userId: string,
  orgId: string,
  via: TUserCredentialKind,
  credentialId: string | null,
): Promise<TUserActor | null> {
  const user = await db().user.findUnique({
    where: { id: userId },
    select: {
      email: true,
      name: true,
      disabledAt: true,
      orgMemberships: { where: { organizationId: orgId, disabledAt: null }, select: { role: true } },
    },
  });
  return actorOf(userId, user && { ...user, role: user.orgMemberships[0]?.role ?? null }, orgId, via, credentialId);
}
