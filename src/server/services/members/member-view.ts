import type { TMember, TMemberDomain, TPendingInvitation } from "@/contracts/members/member";
import { db } from "@/server/db/client";
import type { OrgRole } from "@/server/db/generated/enums";
import { namedGrants, storedGrants } from "./domain-grants";

const ROLE_ORDER: Record<OrgRole, number> = { OWNER: 0, ADMIN: 1, MEMBER: 2 };

const latest = (...dates: Array<Date | null | undefined>): Date | null =>
  dates.reduce<Date | null>((best, date) => (date && (!best || date > best) ? date : best), null);

/** The organization's domains by id: all of them, and the current (not archived) ones. */
export async function organizationDomains(orgId: string) {
  const rows = await db().domain.findMany({
    where: { organizationId: orgId },
    select: { id: true, name: true, archivedAt: true },
    orderBy: { name: "asc" },
  });
  const current = rows.filter((row) => !row.archivedAt);
  return { current, currentNames: new Map(current.map((row) => [row.id, row.name])) };
}

/**
 * The organization's members as the members page shows them (or one of them): Owners, then
 * Admins, then Members, each by name. Last active is read, never written per request: the last sign-in and the last use of
 * their keys of this organization (authenticate.ts records it at most once a minute).
 */
export async function loadMembers(orgId: string, onlyUserId?: string): Promise<TMember[]> {
  const userFilter = onlyUserId ? { userId: onlyUserId } : {};
  const [memberships, domainRows, keyUse] = await Promise.all([
    db().organizationMembership.findMany({
      where: { organizationId: orgId, ...userFilter },
      select: {
        role: true,
        disabledAt: true,
        createdAt: true,
        user: { select: { id: true, name: true, email: true, lastSignInAt: true } },
      },
    }),
    db().domainMembership.findMany({
      where: { domain: { organizationId: orgId, archivedAt: null }, ...userFilter },
      select: { userId: true, role: true, domain: { select: { id: true, name: true } } },
      orderBy: { domain: { name: "asc" } },
    }),
    db().apiKey.groupBy({
      by: ["userId"],
      where: { organizationId: orgId, lastUsedAt: { not: null }, ...userFilter },
      _max: { lastUsedAt: true },
    }),
  ]);
  const domainsOf = new Map<string, TMemberDomain[]>();
  for (const row of domainRows) {
    const list = domainsOf.get(row.userId) ?? [];
    list.push({ domainId: row.domain.id, domainName: row.domain.name, role: row.role });
    domainsOf.set(row.userId, list);
  }
  const keyUseOf = new Map(keyUse.map((row) => [row.userId, row._max.lastUsedAt]));
  const ordered = memberships.toSorted(
    (a, b) =>
      ROLE_ORDER[a.role] - ROLE_ORDER[b.role] ||
      a.user.name.localeCompare(b.user.name) ||
      a.user.email.localeCompare(b.user.email),
  );
  return ordered.map(({ role, disabledAt, createdAt, user }) => ({
    userId: user.id,
    name: user.name,
    email: user.email,
    orgRole: role,
    status: disabledAt ? "disabled" : "active",
    domains: domainsOf.get(user.id) ?? [],
    lastActiveAt: latest(user.lastSignInAt, keyUseOf.get(user.id))?.toISOString() ?? null,
    joinedAt: createdAt.toISOString(),
  }));
}

/** One member as they are now (after a change). */
export async function loadMember(orgId: string, userId: string): Promise<TMember> {
  const [member] = await loadMembers(orgId, userId);
  if (!member) throw new Error(`member ${userId} of ${orgId} vanished after its change`);
  return member;
}

export const PENDING_INVITATION_SELECT = {
  id: true,
  email: true,
  orgRole: true,
  domainRoles: true,
  createdAt: true,
  expiresAt: true,
  invitedBy: { select: { name: true, email: true } },
} as const;

type TInvitationRow = {
  id: string;
  email: string;
  orgRole: OrgRole;
  domainRoles: unknown;
  createdAt: Date;
  expiresAt: Date;
  invitedBy: { name: string; email: string } | null;
};

export function toPendingInvitation(row: TInvitationRow, domainNames: ReadonlyMap<string, string>): TPendingInvitation {
  return {
    id: row.id,
    email: row.email,
    orgRole: row.orgRole,
    domains: namedGrants(storedGrants(row.domainRoles), domainNames),
    invitedBy: row.invitedBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}
