import type { TPartnerActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { readFollower } from "@/server/services/partner/follower-access";
import { isUuid } from "@/server/services/partner/leases/ids";

/**
 * Revokes a worker (spec 4.7): in one transaction the mapping goes, its person leaves the
 * customer (domain and organization memberships) and is disabled (the mapping created them and
 * nothing else may use them; history they wrote keeps its author), and the worker's leases are
 * deleted, so a lease in flight is refused on its next request.
 */
export async function revokeWorker(partner: TPartnerActor, o: { orgId: string; mappingId: string }): Promise<void> {
  if (!isUuid(o.orgId) || !isUuid(o.mappingId)) throw notFound();
  await readFollower(partner.platformId, o.orgId);
  await db().$transaction(async (tx) => {
    const mapping = await tx.workerMapping.findFirst({
      where: { id: o.mappingId, organizationId: o.orgId, platformId: partner.platformId },
      select: { id: true, userId: true, partnerSubject: true },
    });
    if (!mapping) throw notFound();
    await tx.leaseToken.deleteMany({ where: { organizationId: o.orgId, partnerSubject: mapping.partnerSubject } });
    await tx.domainMembership.deleteMany({ where: { userId: mapping.userId, domain: { organizationId: o.orgId } } });
    await tx.organizationMembership.deleteMany({ where: { userId: mapping.userId, organizationId: o.orgId } });
    await tx.user.update({ where: { id: mapping.userId }, data: { disabledAt: new Date() } });
    await tx.workerMapping.delete({ where: { id: mapping.id } });
  });
}
