import { isUuid } from "@/contracts/common/ids";
import type { TUserActor } from "@/server/auth/actor";
import { assertCan, assertOrgAdmin, isOrgAdmin, roleAllows, type TDomainPermission } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import type { DomainRole } from "@/server/db/generated/enums";
import { notFound } from "@/server/errors";

/**
 * Who may see and change knowledge (docs/decisions.md, "Knowledge": who sees and writes a
 * base). A domain's base and modules follow the domain role (view / manage_knowledge); the
 * organization's base and modules belong to every member for reading and to organization Owners
 * and Admins for writing.
 */

/** domainId null = the organization's scope (its base, or an organization module). */
type TScoped = { domainId: string | null };

async function assertScope(actor: TUserActor, scope: TScoped, permission: TDomainPermission): Promise<void> {
  if (scope.domainId) return assertCan(actor, permission, scope.domainId);
  if (permission !== "view") assertOrgAdmin(actor);
}

export const assertCanViewScope = (actor: TUserActor, scope: TScoped) => assertScope(actor, scope, "view");
export const assertCanManageScope = (actor: TUserActor, scope: TScoped) =>
  assertScope(actor, scope, "manage_knowledge");

/** The caller's roles in the domains of their organization, for list views (one query). */
export async function myDomainRoles(actor: TUserActor): Promise<Map<string, DomainRole>> {
  const memberships = await db().domainMembership.findMany({
    where: { userId: actor.userId, domain: { organizationId: actor.orgId } },
    select: { domainId: true, role: true },
  });
  return new Map(memberships.map((membership) => [membership.domainId, membership.role]));
}

/** Whether the caller may manage a scope, from roles already read (no query per row). */
export function canManageScopeWith(actor: TUserActor, roles: Map<string, DomainRole>, scope: TScoped): boolean {
  return scope.domainId ? roleAllows(roles.get(scope.domainId) ?? null, "manage_knowledge") : isOrgAdmin(actor);
}

export async function findBase(actor: TUserActor, baseId: string) {
  const base = isUuid(baseId)
    ? await db().knowledgeBase.findFirst({
        where: { id: baseId, organizationId: actor.orgId },
        select: { id: true, domainId: true, name: true },
      })
    : null;
  if (!base) throw notFound("knowledge base");
  return base;
}

export async function findModule(actor: TUserActor, moduleId: string) {
  const knowledgeModule = isUuid(moduleId)
    ? await db().knowledgeModule.findFirst({
        where: { id: moduleId, organizationId: actor.orgId },
        select: { id: true, kind: true, domainId: true, name: true, description: true, createdAt: true },
      })
    : null;
  if (!knowledgeModule) throw notFound("knowledge module");
  return knowledgeModule;
}

/** An article of the caller's organization with its base's scope (no bodies). */
export async function findArticle(actor: TUserActor, articleId: string) {
  const article = isUuid(articleId)
    ? await db().knowledgeArticle.findFirst({
        where: { id: articleId, organizationId: actor.orgId },
        select: { id: true, baseId: true, publishedAt: true, base: { select: { domainId: true } } },
      })
    : null;
  if (!article) throw notFound("knowledge article");
  return article;
}
