import { LEASE_TTL_SECONDS, type TLease } from "@/contracts/partner/lease";
import type { TPartnerActor } from "@/server/auth/actor";
import { mintSecret } from "@/server/auth/secret-token";
import { db } from "@/server/db/client";
import { AppError, notFound } from "@/server/errors";
import { readFollower } from "@/server/services/partner/follower-access";
import { isUuid } from "@/contracts/common/ids";

export type TMintLeaseOptions = { orgId: string; appId: string; partnerSubject?: string };

/** The one answer for an org, app or subject the platform cannot lease: nothing tells them apart. */
const leaseTargetNotFound = () => notFound("organization, app or worker");

export function assertPlatformActive(partner: TPartnerActor): void {
  if (partner.platformSuspended)
    throw new AppError(
      "PARTNER_PLATFORM_SUSPENDED",
      "This partner platform is suspended: it cannot mint leases or vouch workers until its standing is restored.",
    );
}

/**
 * Mints a one-hour ykt_ lease (spec 4.7, section 8): an app lease when partnerSubject is absent,
 * a named-worker lease when it names a worker vouched in that customer. Every unusable id is the
 * same 404 (section 5 rule 2). The secret leaves once; the row keeps prefix and hash.
 */
export async function mintLease(partner: TPartnerActor, o: TMintLeaseOptions): Promise<TLease> {
  assertPlatformActive(partner);
  if (!isUuid(o.orgId) || !isUuid(o.appId)) throw leaseTargetNotFound();
  await readFollower(partner.platformId, o.orgId).catch((error: unknown) => {
    throw error instanceof AppError && error.code === "NOT_FOUND" ? leaseTargetNotFound() : error;
  });
  const app = await db().partnerApp.findUnique({
    where: { id: o.appId },
    select: { platformId: true, revokedAt: true },
  });
  if (!app || app.platformId !== partner.platformId || app.revokedAt) throw leaseTargetNotFound();
  if (o.partnerSubject !== undefined) {
    const mapping = await db().workerMapping.findUnique({
      where: { organizationId_partnerSubject: { organizationId: o.orgId, partnerSubject: o.partnerSubject } },
      select: { platformId: true },
    });
    if (!mapping || mapping.platformId !== partner.platformId) throw leaseTargetNotFound();
  }
  const secret = mintSecret("lease_token");
  const expiresAt = new Date(Date.now() + LEASE_TTL_SECONDS * 1000);
  await db().leaseToken.create({
    data: {
      platformId: partner.platformId,
      organizationId: o.orgId,
      appId: o.appId,
      partnerSubject: o.partnerSubject ?? null,
      prefix: secret.prefix,
      secretHash: secret.secretHash,
      expiresAt,
    },
  });
  return {
    token: secret.token,
    expiresAt: expiresAt.toISOString(),
    orgId: o.orgId,
    appId: o.appId,
    partnerSubject: o.partnerSubject ?? null,
  };
}
