import { randomBytes, randomUUID } from "node:crypto";
import type { TWorkerDomainRole, TWorkerMapping } from "@/contracts/partner/worker-mapping";
import type { TPartnerActor } from "@/server/auth/actor";
import { db, type TTransaction } from "@/server/db/client";
import type { DomainRole } from "@/server/db/generated/enums";
import { notFound, validationError } from "@/server/errors";
import { readFollower } from "@/server/services/partner/follower-access";
import { isUuid } from "@/contracts/common/ids";
import { assertPlatformActive } from "@/server/services/partner/leases/mint-lease";
import { MAPPING_SELECT, toWorkerMapping } from "./to-worker-mapping";

export type TVouchWorkerOptions = {
  orgId: string;
  partnerSubject: string;
  displayName: string;
  domainRoles: Array<{ domainId: string; role: TWorkerDomainRole }>;
  /** Omitted: member. Admin may manage the customer's own OAuth apps (spec 4.8 rule 1). */
  organizationRole?: "member" | "admin";
};

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

/** Workers never sign in with a password: this is no scrypt hash, so nothing ever matches it. */
const unusablePassword = () => `unusable$${randomBytes(24).toString("base64url")}`;

/** A synthetic address that can never receive mail (.invalid, RFC 2606) and is unique per mapping. */
export const workerEmail = (mappingId: string) => `worker+${mappingId}@partner.invalid`;

const toDomainRole = (role: TWorkerDomainRole) => role.toUpperCase() as DomainRole;

/**
 * Vouches a named worker (spec 4.7): the mapping of partnerSubject to a person of its own in the
 * customer, with exactly the given domain roles and organization role (Member unless `admin`).
 * Vouching the same subject again updates the name and replaces the roles (an idempotent upsert).
 */
export async function vouchWorker(partner: TPartnerActor, o: TVouchWorkerOptions): Promise<TWorkerMapping> {
  assertPlatformActive(partner);
  if (!isUuid(o.orgId)) throw notFound();
  await readFollower(partner.platformId, o.orgId);
  await assertDomainsOfOrg(o.orgId, o.domainRoles);
  try {
    return await db().$transaction((tx) => upsertMapping(tx, partner.platformId, o));
  } catch (error) {
    // Two first vouches of one subject raced: the loser updates what the winner created.
    if (!isUniqueViolation(error)) throw error;
    return db().$transaction((tx) => upsertMapping(tx, partner.platformId, o));
  }
}

async function assertDomainsOfOrg(orgId: string, grants: TVouchWorkerOptions["domainRoles"]): Promise<void> {
  const found = await db().domain.findMany({
    where: { organizationId: orgId, id: { in: grants.map((grant) => grant.domainId) } },
    select: { id: true },
  });
  const known = new Set(found.map((domain) => domain.id));
  const issues = grants.flatMap((grant, index) =>
    known.has(grant.domainId)
      ? []
      : [{ path: ["domainRoles", index, "domainId"], message: "is no domain of this customer" }],
  );
  if (issues.length) throw validationError(issues);
}

async function upsertMapping(tx: TTransaction, platformId: string, o: TVouchWorkerOptions): Promise<TWorkerMapping> {
  const existing = await tx.workerMapping.findUnique({
    where: { organizationId_partnerSubject: { organizationId: o.orgId, partnerSubject: o.partnerSubject } },
    select: { id: true, userId: true },
  });
  const mappingId = existing?.id ?? randomUUID();
  const organizationRole = o.organizationRole === "admin" ? "ADMIN" : "MEMBER";
  const userId = existing
    ? existing.userId
    : await createWorkerPerson(tx, o.orgId, mappingId, o.displayName, organizationRole);
  if (existing) {
    await tx.user.update({ where: { id: userId }, data: { name: o.displayName } });
    await tx.organizationMembership.updateMany({
      where: { organizationId: o.orgId, userId },
      data: { role: organizationRole },
    });
    await tx.domainMembership.deleteMany({ where: { userId, domain: { organizationId: o.orgId } } });
  }
  await tx.domainMembership.createMany({
    data: o.domainRoles.map((grant) => ({ domainId: grant.domainId, userId, role: toDomainRole(grant.role) })),
  });
  const data = {
    displayName: o.displayName,
    domainRoles: o.domainRoles.map((grant) => ({ domainId: grant.domainId, role: grant.role })),
  };
  const row = existing
    ? await tx.workerMapping.update({ where: { id: mappingId }, data, select: MAPPING_SELECT })
    : await tx.workerMapping.create({
        data: { id: mappingId, platformId, organizationId: o.orgId, partnerSubject: o.partnerSubject, userId, ...data },
        select: MAPPING_SELECT,
      });
  return toWorkerMapping(row);
}

async function createWorkerPerson(
  tx: TTransaction,
  orgId: string,
  mappingId: string,
  name: string,
  role: "ADMIN" | "MEMBER",
): Promise<string> {
  const user = await tx.user.create({
    data: { email: workerEmail(mappingId), name, passwordHash: unusablePassword() },
    select: { id: true },
  });
  await tx.organizationMembership.create({ data: { organizationId: orgId, userId: user.id, role } });
  return user.id;
}
