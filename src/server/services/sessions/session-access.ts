import type { TUserActor } from "@/server/auth/actor";
import { roleAllows } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
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
} as const;

export type TSessionAccess = {
  session: { id: string; organizationId: string; domainId: string; automationId: string; kind: "DOMAIN" | "PERSONAL"; ownerId: string | null; archivedAt: Date | null; revision: number };
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
  if (!UUID.test(sessionId)) throw notFound("session");
  const session = await db().agentSession.findFirst({ where: { id: sessionId, organizationId: actor.orgId }, select: SESSION_ACCESS_SELECT });
  if (!session) throw notFound("session");
  const membership = await db().domainMembership.findFirst({ where: { domainId: session.domainId, userId: actor.userId }, select: { role: true } });
  const role = membership?.role ?? null;
  const isOwner = session.ownerId !== null && session.ownerId === actor.userId;
  const visible = session.kind === "PERSONAL" ? isOwner : role !== null;
  if (!visible) throw notFound("session");
  return { session, role, isOwner };
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
  if (reason === "archived") throw new AppError("SESSION_NOT_DRIVABLE", "This session is archived and read-only; open a new session to continue.");
  if (reason) throw new AppError("SESSION_NOT_DRIVABLE", "You can read this session but not send messages to it: only its owner and the domain's Operators, Editors and Owners can.");
}
