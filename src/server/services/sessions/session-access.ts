import type { TUserActor } from "@/server/auth/actor";
import { actorDomainSelect, roleAllows, roleInDomain } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { detach } from "@/server/detach";
import type { DomainRole } from "@/server/db/generated/enums";
import { AppError, notFound } from "@/server/errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const SESSION_ACCESS_SELECT = {
  id: true,
  organizationId: true,
  domainId: true,
  automationId: true,
  kind: true,
  ownerId: true,
  archivedAt: true,
  revision: true,
  // A stream connect takes its cursor from the same read that authorizes it.
  lastSeq: true,
} as const;

export type TSessionAccess = {
  session: {
    id: string;
    organizationId: string;
    domainId: string;
    automationId: string;
    kind: "DOMAIN" | "PERSONAL";
    ownerId: string | null;
    archivedAt: Date | null;
    revision: number;
    lastSeq: number;
  };
  /** The caller's current role in the session's domain. */
  role: DomainRole | null;
  isOwner: boolean;
};

/**
 * The session if the actor may see it (spec 4.2): domain sessions need current membership in
 * the session's domain (any role, Viewer included), personal chats need their creator.
 * Organization Owner/Admin status bypasses neither. Anything else is the uniform 404.
 */
export async function authorizeSessionView(actor: TUserActor, sessionId: string): Promise<TSessionAccess> {
  if (!isSessionId(sessionId)) throw notFound("session");
  // The caller's membership comes with the session (one statement: every stream connect, message
  // and read of a session starts here).
  const row = await db().agentSession.findFirst({
    where: { id: sessionId, organizationId: actor.orgId },
    select: { ...SESSION_ACCESS_SELECT, domain: actorDomainSelect(actor) },
  });
  return accessOf(actor, row);
}

/** The rule of authorizeSessionView over a row read with SESSION_ACCESS_SELECT and actorDomainSelect (or a superset). */
export function accessOf(
  actor: TUserActor,
  row: (TSessionAccess["session"] & { domain: Parameters<typeof roleInDomain>[1] }) | null,
): TSessionAccess {
  if (!row) throw notFound("session");
  const { domain, id, organizationId, domainId, automationId, kind, ownerId, archivedAt, revision, lastSeq } = row;
  // Only the access fields: a superset row (a transcript) must not live on with the access.
  const session = { id, organizationId, domainId, automationId, kind, ownerId, archivedAt, revision, lastSeq };
  const { role } = roleInDomain(actor, domain);
  const isOwner = session.ownerId !== null && session.ownerId === actor.userId;
  if (!isVisible(session, role, isOwner)) throw notFound("session");
  return { session, role, isOwner };
}

/** A session id the store could hold (anything else is the uniform 404 without a read). */
export const isSessionId = (sessionId: string) => UUID.test(sessionId);

function isVisible(session: { kind: string }, role: DomainRole | null, isOwner: boolean): boolean {
  return session.kind === "PERSONAL" ? isOwner : role !== null;
}

type TVisibilityAsk = {
  actor: TUserActor;
  sessionId: string;
  resolve: (visible: boolean) => void;
  reject: (error: unknown) => void;
};
let pendingAsks: TVisibilityAsk[] = [];

/**
 * Whether the actor may still see the session, batched: every ask made in the same tick (all
 * open streams heartbeat on one process-wide timer) is answered by two queries in total, so
 * re-checking 10,000 streams costs the database the same as re-checking one.
 */
export function sessionStillVisible(actor: TUserActor, sessionId: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    pendingAsks.push({ actor, sessionId, resolve, reject });
    // Not awaited: the asks of this tick gather first; answerAsks() settles every one of them itself.
    if (pendingAsks.length === 1) setImmediate(() => detach(answerAsks(), "session visibility: answering asks"));
  });
}

async function answerAsks(): Promise<void> {
  const asks = pendingAsks;
  pendingAsks = [];
  try {
    const sessionIds = [...new Set(asks.map((ask) => ask.sessionId))];
    const sessions = new Map(
      (
        await db().agentSession.findMany({
          where: { id: { in: sessionIds } },
          select: { id: true, organizationId: true, domainId: true, kind: true, ownerId: true },
        })
      ).map((row) => [row.id, row]),
    );
    const userIds = [...new Set(asks.map((ask) => ask.actor.userId))];
    const domainIds = [...new Set([...sessions.values()].map((row) => row.domainId))];
    const memberships = await db().domainMembership.findMany({
      where: { userId: { in: userIds }, domainId: { in: domainIds } },
      select: { userId: true, domainId: true, role: true },
    });
    const roles = new Map(memberships.map((row) => [`${row.domainId}/${row.userId}`, row.role]));
    for (const ask of asks) {
      const session = sessions.get(ask.sessionId);
      if (!session || session.organizationId !== ask.actor.orgId) {
        ask.resolve(false);
        continue;
      }
      const isOwner = session.ownerId !== null && session.ownerId === ask.actor.userId;
      ask.resolve(isVisible(session, roles.get(`${session.domainId}/${ask.actor.userId}`) ?? null, isOwner));
    }
  } catch (error) {
    for (const ask of asks) ask.reject(error);
  }
}

/** Why the caller cannot send messages, or null when it can (archived sessions are read-only). */
export function readOnlyReason(access: TSessionAccess): "archived" | "not_permitted" | null {
  if (access.session.archivedAt) return "archived";
  return canDriveSession(access) ? null : "not_permitted";
}

/**
 * Who may send messages: the owner, or (domain sessions only) a member whose role drives
 * sessions (Operator, Editor, Owner) with current membership.
 */
export function canDriveSession(access: TSessionAccess): boolean {
  if (access.isOwner) return true;
  return access.session.kind === "DOMAIN" && roleAllows(access.role, "drive_sessions");
}

/** Who may rename, archive, delete or set the outcome: the owner, or the domain's Owners and Editors. */
export function canManageSession(access: TSessionAccess): boolean {
  if (access.isOwner) return true;
  return access.session.kind === "DOMAIN" && (access.role === "OWNER" || access.role === "EDITOR");
}

export function assertCanDrive(access: TSessionAccess): void {
  const reason = readOnlyReason(access);
  if (reason === "archived")
    throw new AppError(
      "SESSION_NOT_DRIVABLE",
      "This session is archived and read-only; open a new session to continue.",
    );
  if (reason)
    throw new AppError(
      "SESSION_NOT_DRIVABLE",
      "You can read this session but not send messages to it: only its owner and the domain's Operators, Editors and Owners can.",
    );
}
