import { isUuid } from "@/contracts/common/ids";
import { PARTNER_SUBJECT_MAX } from "@/contracts/partner/lease";
import { OWNER_SUBJECT } from "@/contracts/partner/tenant";
import type { TLeaseActor, TPartnerActor, TUserActor } from "@/server/auth/actor";
import { userActor } from "@/server/auth/authenticate";
import { db } from "@/server/db/client";
import { AppError, notFound, validationError } from "@/server/errors";
import { assertLeaseLive, leaseRefused } from "@/server/services/partner/leases/lease-access";

/** What a tenant route was called with, as plain values (the router reads the headers). */
export type TTenantCall = {
  /** The authenticated partner key (ykp_) or lease (ykt_). */
  credential: TPartnerActor | TLeaseActor;
  /** The `{orgId}` of the path, unchecked. */
  orgId: string;
  /** The `X-Service-Subject` header, or null when absent. */
  subject: string | null;
};

/** The person a tenant call acts as, and the platform that vouches for it. */
export type TTenantActor = { actor: TUserActor; platformId: string };

const SUBJECT_HEADER = "X-Service-Subject";

/** 400 naming the header: checked before anything is read, so it says nothing about the organization. */
function subjectRefusal(message: string): AppError {
  return validationError([{ path: [SUBJECT_HEADER], message }]);
}

function checkedSubject(subject: string | null): string {
  if (subject === null || subject.trim() === "")
    throw subjectRefusal(`send the header with \`${OWNER_SUBJECT}\` or the partnerSubject of a vouched worker`);
  if (subject.length > PARTNER_SUBJECT_MAX) throw subjectRefusal(`must be at most ${PARTNER_SUBJECT_MAX} characters`);
  return subject;
}

/**
 * Who acts on a tenant route (`/organizations/{orgId}/...`, issue 40): a partner key of an active
 * platform, or a live app lease of that very customer, plus `X-Service-Subject` naming the
 * provisioned owner (`owner`) or a vouched worker. The answer is that person as they are now
 * (current organization role; domain roles are then checked by the services as for anyone),
 * re-read on every request. Refusals: a bad credential or a worker lease is the neutral 401;
 * another platform's customer, a nonexistent one, a lease of another customer, an unknown or
 * revoked subject and a disabled person are all the one uniform 404 (no probing).
 */
export async function resolveTenantActor(call: TTenantCall): Promise<TTenantActor> {
  const { credential } = call;
  // A worker lease acts as its worker and nobody else (worker-actor.ts): not a door to others.
  if (credential.kind === "lease" && credential.partnerSubject !== null) throw leaseRefused();
  if (credential.kind === "lease") await assertLeaseLive(credential);
  if (credential.kind === "partner" && credential.platformSuspended)
    throw new AppError(
      "PARTNER_PLATFORM_SUSPENDED",
      "This partner platform is suspended: it cannot operate its customers until its standing is restored.",
    );
  const subject = checkedSubject(call.subject);
  if (!isUuid(call.orgId)) throw notFound();
  // One spelling of the id from here on: services compare it with the stored (lowercase) ids.
  const orgId = call.orgId.toLowerCase();
  if (credential.kind === "lease" && credential.orgId !== orgId) throw notFound();
  const userId = await subjectUserId(credential.platformId, orgId, subject);
  const actor = userId ? await userActor(userId, orgId, "partner", credentialIdOf(credential)) : null;
  if (!actor) throw notFound();
  return { actor, platformId: credential.platformId };
}

const credentialIdOf = (credential: TPartnerActor | TLeaseActor) =>
  credential.kind === "partner" ? credential.keyId : credential.tokenId;

/** The person the subject names in the platform's own customer; null for anything else. */
async function subjectUserId(platformId: string, orgId: string, subject: string): Promise<string | null> {
  const follower = await db().follower.findUnique({
    where: { organizationId: orgId },
    select: {
      platformId: true,
      ownerUserId: true,
      organization: {
        select: { workerMappings: { where: { partnerSubject: subject, platformId }, select: { userId: true } } },
      },
    },
  });
  if (!follower || follower.platformId !== platformId) return null;
  if (subject === OWNER_SUBJECT) return follower.ownerUserId;
  return follower.organization.workerMappings[0]?.userId ?? null;
}
