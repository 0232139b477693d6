import {
  DEFAULT_SUPPORT_GRANT_DAYS,
  type TShareWithSupportRequest,
  type TSupportGrantView,
} from "@/contracts/support/support-grants";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { AppError, notFound } from "@/server/errors";
import { authorizeSessionView } from "@/server/services/sessions/session-access";

const DAY_MS = 24 * 60 * 60 * 1000;

const GRANT_SELECT = {
  id: true,
  sessionId: true,
  createdAt: true,
  expiresAt: true,
  grantedByUserId: true,
  session: { select: { title: true } },
} as const;

type TGrantRow = {
  id: string;
  sessionId: string;
  createdAt: Date;
  expiresAt: Date;
  grantedByUserId: string;
  session: { title: string };
};

function toGrantView(row: TGrantRow, names: Map<string, string>): TSupportGrantView {
  const name = names.get(row.grantedByUserId);
  return {
    id: row.id,
    sessionId: row.sessionId,
    sessionTitle: row.session.title,
    grantedBy: name === undefined ? null : { userId: row.grantedByUserId, name },
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

async function namesOf(userIds: string[]): Promise<Map<string, string>> {
  const users = await db().user.findMany({
    where: { id: { in: [...new Set(userIds)] } },
    select: { id: true, name: true },
  });
  return new Map(users.map((user) => [user.id, user.name]));
}

/** Owners and Admins of the organization manage every grant; others only those they made. */
function managesAllGrants(actor: TUserActor): boolean {
  return actor.orgRole === "OWNER" || actor.orgRole === "ADMIN";
}

/** The partner platform of the actor's organization, or null for an ordinary organization. */
export async function followerPlatform(orgId: string) {
  const follower = await db().follower.findUnique({
    where: { organizationId: orgId },
    select: { platformId: true, platform: { select: { name: true } } },
  });
  return follower ? { platformId: follower.platformId, name: follower.platform.name } : null;
}

/**
 * "Share with support": a person who can see the session, in an organization a partner
 * provisioned, lets that partner's support read it until the grant expires (7 days unless
 * another duration is picked) or someone revokes it.
 */
export async function shareWithSupport(actor: TUserActor, input: TShareWithSupportRequest): Promise<TSupportGrantView> {
  const access = await authorizeSessionView(actor, input.sessionId);
  const partner = await followerPlatform(actor.orgId);
  if (!partner)
    throw new AppError(
      "FORBIDDEN",
      "This organization has no partner: sharing with support is for organizations a partner platform provisioned.",
    );
  const days = input.days ?? DEFAULT_SUPPORT_GRANT_DAYS;
  const grant = await db().supportGrant.create({
    data: {
      platformId: partner.platformId,
      organizationId: actor.orgId,
      sessionId: access.session.id,
      grantedByUserId: actor.userId,
      expiresAt: new Date(Date.now() + days * DAY_MS),
    },
    select: GRANT_SELECT,
  });
  return toGrantView(grant, new Map([[actor.userId, actor.name]]));
}

/** Live grants (not expired, not revoked) the person may manage, newest first; optionally of one session. */
export async function listSupportGrants(
  actor: TUserActor,
  o: { sessionId?: string } = {},
): Promise<{ grants: TSupportGrantView[] }> {
  const rows = await db().supportGrant.findMany({
    where: {
      organizationId: actor.orgId,
      revokedAt: null,
      expiresAt: { gt: new Date() },
      ...(o.sessionId ? { sessionId: o.sessionId } : {}),
      ...(managesAllGrants(actor) ? {} : { grantedByUserId: actor.userId }),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: GRANT_SELECT,
  });
  const names = await namesOf(rows.map((row) => row.grantedByUserId));
  return { grants: rows.map((row) => toGrantView(row, names)) };
}

/** Revokes a live grant at once: the partner's next read is the uniform 404. */
export async function revokeSupportGrant(actor: TUserActor, o: { grantId: string }): Promise<{ ok: true }> {
  const grant = await db().supportGrant.findFirst({
    where: { id: o.grantId, organizationId: actor.orgId, revokedAt: null },
    select: { id: true, grantedByUserId: true },
  });
  if (!grant || (!managesAllGrants(actor) && grant.grantedByUserId !== actor.userId)) throw notFound("support grant");
  await db().supportGrant.update({ where: { id: grant.id }, data: { revokedAt: new Date() } });
  return { ok: true };
}
