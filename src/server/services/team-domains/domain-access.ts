import type { TTeamDomain } from "@/contracts/team-domains/team-domain";
import type { TUserActor } from "@/server/auth/actor";
import { isOrgAdmin } from "@/server/auth/permissions";
import type { TTransaction } from "@/server/db/client";
import type { DomainRole } from "@/server/db/generated/enums";
import { AppError, notFound } from "@/server/errors";

export const ROLE_LABEL: Record<DomainRole, string> = {
  OWNER: "Owner",
  EDITOR: "Editor",
  OPERATOR: "Operator",
  VIEWER: "Viewer",
};

/** Everything /settings/domains shows of a domain, with the actor's own membership. */
export const teamDomainSelect = (actor: TUserActor) =>
  ({
    id: true,
    name: true,
    slug: true,
    createdAt: true,
    archivedAt: true,
    memberships: { where: { userId: actor.userId }, select: { role: true } },
    _count: { select: { memberships: true, triggers: { where: { active: true } } } },
  }) as const;

export type TTeamDomainRow = {
  id: string;
  name: string;
  slug: string;
  createdAt: Date;
  archivedAt: Date | null;
  memberships: Array<{ role: DomainRole }>;
  _count: { memberships: number; triggers: number };
};

/**
 * Managing a domain (rename, archive, restore, its members) is for the organization's Owners and
 * Admins and the domain's own Owners; seeing its members, for them and every member of it.
 */
export function domainAccess(actor: TUserActor, row: Pick<TTeamDomainRow, "memberships">) {
  const myRole = row.memberships[0]?.role ?? null;
  const canManage = isOrgAdmin(actor) || myRole === "OWNER";
  return { myRole, canManage, canView: canManage || myRole !== null };
}

export function toTeamDomain(actor: TUserActor, row: TTeamDomainRow): TTeamDomain {
  const { myRole, canManage } = domainAccess(actor, row);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    createdAt: row.createdAt.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null,
    memberCount: row._count.memberships,
    activeTriggerCount: row._count.triggers,
    myRole,
    canManage,
  };
}

/**
 * Takes the organization's row lock for the rest of the transaction: domain names, slugs and
 * the "one active domain at least" rule are checked and written one writer at a time.
 */
export async function lockOrganization(tx: TTransaction, orgId: string): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "organizations" WHERE "id" = ${orgId}::uuid FOR UPDATE`;
}

/** Takes the domain's row lock (membership changes of one domain run one at a time). */
async function lockDomain(tx: TTransaction, actor: TUserActor, domainId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT "id"::text AS "id" FROM "domains"
    WHERE "id" = ${domainId}::uuid AND "organizationId" = ${actor.orgId}::uuid FOR UPDATE`;
  return rows.length > 0;
}

type TNeed = "view" | "manage" | "change";

const MAY_NOT_VIEW = "Only this domain's members and the organization's Owners and Admins can see its members.";
const MAY_NOT_MANAGE = "Only the organization's Owners and Admins and this domain's Owners can manage this domain.";

/**
 * The domain as the actor may use it: 404 for an unknown id or another organization's domain,
 * 403 when the actor lacks what `need` asks. `change` is `manage` plus "not archived": an
 * archived domain is read-only until restored.
 */
export async function domainFor(
  tx: TTransaction,
  actor: TUserActor,
  domainId: string,
  need: TNeed,
  options: { lock?: boolean } = {},
): Promise<TTeamDomainRow> {
  if (options.lock && !(await lockDomain(tx, actor, domainId))) throw notFound("domain");
  const row = await tx.domain.findFirst({
    where: { id: domainId, organizationId: actor.orgId },
    select: teamDomainSelect(actor),
  });
  if (!row) throw notFound("domain");
  const access = domainAccess(actor, row);
  if (!(need === "view" ? access.canView : access.canManage)) {
    throw new AppError("FORBIDDEN", need === "view" ? MAY_NOT_VIEW : MAY_NOT_MANAGE, { details: { domainId } });
  }
  if (need === "change" && row.archivedAt) throw archivedRefusal(row.name);
  return row;
}

export function archivedRefusal(name: string): AppError {
  return new AppError("CONFLICT", `The domain "${name}" is archived and read-only. Restore it first.`, {
    details: { reason: "archived" },
  });
}

/** What to call a person in a summary or a refusal: "Ada Lovelace (ada@example.com)". */
export const personLabel = (person: { name: string; email: string }) => `${person.name} (${person.email})`;
