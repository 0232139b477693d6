import type { TLeaseActor, TUserActor } from "@/server/auth/actor";
import { userActor } from "@/server/auth/authenticate";
import { db } from "@/server/db/client";
import { assertLeaseLive, leaseRefused } from "./lease-access";

/**
 * The person a worker lease acts as, re-read on every request: the live lease's mapping in its
 * customer, and that person still enabled and a member. An app lease (no partnerSubject), a
 * revoked mapping or a disabled person is the neutral 401 of every refused lease.
 */
export async function workerActorFor(lease: TLeaseActor): Promise<TUserActor> {
  if (lease.partnerSubject === null) throw leaseRefused();
  await assertLeaseLive(lease);
  const mapping = await db().workerMapping.findUnique({
    where: { organizationId_partnerSubject: { organizationId: lease.orgId, partnerSubject: lease.partnerSubject } },
    select: { userId: true, platformId: true },
  });
  if (!mapping || mapping.platformId !== lease.platformId) throw leaseRefused();
  // A lease is a short-lived token: it reads like a yku_ token to the services it reaches.
  const actor = await userActor(mapping.userId, lease.orgId, "user_token", lease.tokenId);
  if (!actor) throw leaseRefused();
  return actor;
}
