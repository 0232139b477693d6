import type { TLeaseActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";

/** Same words as every refused partner credential: a dead lease looks like a bad one. */
export const leaseRefused = () =>
  new AppError("UNAUTHORIZED", "The credential is missing, invalid or not accepted here.");

/**
 * Whether an authenticated lease may still act: authenticate.ts checked prefix, hash and expiry;
 * this adds what can change during the hour. A revoked app, a suspended platform or a customer
 * that is no longer this platform's end every lease at once (checked on each request rather than
 * by deleting rows, so restoring the standing needs no new leases). Throws the neutral 401.
 */
export async function assertLeaseLive(lease: TLeaseActor): Promise<void> {
  const [app, platform, follower] = await Promise.all([
    db().partnerApp.findUnique({ where: { id: lease.appId }, select: { platformId: true, revokedAt: true } }),
    db().partnerPlatform.findUnique({ where: { id: lease.platformId }, select: { status: true } }),
    db().follower.findUnique({ where: { organizationId: lease.orgId }, select: { platformId: true } }),
  ]);
  const live =
    app &&
    !app.revokedAt &&
    app.platformId === lease.platformId &&
    platform?.status === "ACTIVE" &&
    follower?.platformId === lease.platformId;
  if (!live) throw leaseRefused();
}
