import { db } from "@/server/db/client";
import type { DomainRole } from "@/server/db/generated/enums";
import { AppError, notFound } from "@/server/errors";
import type { TUserActor } from "./actor";

/**
 * What a domain role allows. Domain permissions come only from domain membership: an
 * organization Owner or Admin gets none of them by that status alone (docs/decisions.md).
 */
export type TDomainPermission =
  "view" | "edit_automation" | "manage_knowledge" | "execute" | "drive_sessions" | "approve";

const DOMAIN_ROLE_PERMISSIONS: Record<DomainRole, readonly TDomainPermission[]> = {
  OWNER: ["view", "edit_automation", "manage_knowledge", "execute", "drive_sessions", "approve"],
  EDITOR: ["view", "edit_automation", "manage_knowledge", "execute", "drive_sessions", "approve"],
  OPERATOR: ["view", "execute", "drive_sessions", "approve"],
  VIEWER: ["view"],
};

export function roleAllows(role: DomainRole | null, permission: TDomainPermission): boolean {
  return role !== null && DOMAIN_ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * The nested select that reads a domain's organization and the actor's membership with the row
 * that names the domain (an automation, a session), so the check costs no statement of its own.
 */
export const actorDomainSelect = (actor: TUserActor) =>
  ({
    select: { organizationId: true, memberships: { where: { userId: actor.userId }, select: { role: true } } },
  }) as const;

type TActorDomain = { organizationId: string; memberships: Array<{ role: DomainRole }> };

/** The actor's role in a domain read with actorDomainSelect (see domainRole). */
export function roleInDomain(
  actor: TUserActor,
  domain: TActorDomain | null,
): { found: boolean; role: DomainRole | null } {
  if (!domain || domain.organizationId !== actor.orgId) return { found: false, role: null };
  return { found: true, role: domain.memberships[0]?.role ?? null };
}

/**
 * The actor's current role in a domain of their organization. A domain of another
 * organization (or none at all) is reported as not found, so ids never leak across tenants.
 */
export async function domainRole(
  actor: TUserActor,
  domainId: string,
): Promise<{ found: boolean; role: DomainRole | null }> {
  return roleInDomain(actor, await db().domain.findUnique({ where: { id: domainId }, ...actorDomainSelect(actor) }));
}

export async function can(actor: TUserActor, permission: TDomainPermission, domainId: string): Promise<boolean> {
  const { role } = await domainRole(actor, domainId);
  return roleAllows(role, permission);
}

/** 404 for a domain outside the actor's organization; 403 FORBIDDEN when it lacks the permission. */
export async function assertCan(actor: TUserActor, permission: TDomainPermission, domainId: string): Promise<void> {
  const { found, role } = await domainRole(actor, domainId);
  if (!found) throw notFound("domain");
  if (!roleAllows(role, permission)) {
    throw new AppError("FORBIDDEN", `Your role in this domain does not allow ${permission.replace(/_/g, " ")}.`, {
      details: { permission, domainId },
    });
  }
}

export const canViewDomain = (actor: TUserActor, domainId: string) => can(actor, "view", domainId);
export const canEditAutomation = (actor: TUserActor, domainId: string) => can(actor, "edit_automation", domainId);
export const canManageKnowledge = (actor: TUserActor, domainId: string) => can(actor, "manage_knowledge", domainId);
export const canExecute = (actor: TUserActor, domainId: string) => can(actor, "execute", domainId);
export const canDriveSessions = (actor: TUserActor, domainId: string) => can(actor, "drive_sessions", domainId);
export const canApprove = (actor: TUserActor, domainId: string) => can(actor, "approve", domainId);

/** Organization administration (org knowledge modules, members): Owner or Admin. */
export function isOrgAdmin(actor: TUserActor): boolean {
  return actor.orgRole === "OWNER" || actor.orgRole === "ADMIN";
}

export function assertOrgAdmin(actor: TUserActor): void {
  if (!isOrgAdmin(actor)) throw new AppError("FORBIDDEN", "Only organization Owners and Admins may do this.");
}
