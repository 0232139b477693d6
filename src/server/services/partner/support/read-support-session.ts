import type { TSupportSession } from "@/contracts/partner/support-session";
import type { TLeaseActor, TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { AppError, notFound } from "@/server/errors";
import { isUuid } from "@/contracts/common/ids";
import { assertLeaseLive } from "@/server/services/partner/leases/lease-access";
import { readSessionDetailsRow } from "@/server/services/sessions/session-details-row";
import { toSessionDetails } from "@/server/services/sessions/to-session-details";

/**
 * The read model's caller is nobody in the organization: no role, not the owner, so every
 * "may act" flag is false and no author is "you". Support only reads.
 */
function readerOf(lease: TLeaseActor): TUserActor {
  return {
    kind: "user",
    userId: "00000000-0000-0000-0000-000000000000",
    email: "",
    name: "Partner support",
    orgId: lease.orgId,
    orgRole: "MEMBER",
    via: "api_key",
    credentialId: null,
  };
}

/**
 * GET /support-sessions/:grantId with an app lease: the shared session, while the grant is
 * live and belongs to the lease's platform and organization. Everything else (nonexistent,
 * expired, revoked, another organization's or platform's) is the same 404.
 */
export async function readSupportSession(lease: TLeaseActor, grantId: string): Promise<TSupportSession> {
  if (lease.partnerSubject !== null)
    throw new AppError("UNAUTHORIZED", "The credential is missing, invalid or not accepted here.");
  await assertLeaseLive(lease);
  if (!isUuid(grantId)) throw notFound("support session");
  const grant = await db().supportGrant.findUnique({
    where: { id: grantId },
    select: {
      id: true,
      platformId: true,
      organizationId: true,
      sessionId: true,
      expiresAt: true,
      revokedAt: true,
      createdAt: true,
    },
  });
  if (
    !grant ||
    grant.platformId !== lease.platformId ||
    grant.organizationId !== lease.orgId ||
    grant.revokedAt !== null ||
    grant.expiresAt <= new Date()
  ) {
    throw notFound("support session");
  }
  // Read with no viewer: support holds no membership.
  const row = await readSessionDetailsRow(grant.sessionId, null);
  if (!row) throw notFound("support session");
  const reader = readerOf(lease);
  const access = { session: row, role: null, isOwner: false };
  const {
    canParticipate: _participate,
    canManage: _manage,
    readOnlyReason: _reason,
    ...session
  } = toSessionDetails(reader, access, row);
  return {
    grant: { id: grant.id, expiresAt: grant.expiresAt.toISOString(), createdAt: grant.createdAt.toISOString() },
    automation: {
      id: row.automation.id,
      kind: row.automation.kind === "AGENT" ? "agent" : "flow",
      name: row.automation.name,
    },
    session,
  };
}
