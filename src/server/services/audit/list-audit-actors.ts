import type { TListAuditActorsResponse } from "@/contracts/audit/list-audit-actors";
import type { TUserActor } from "@/server/auth/actor";
import { assertOrgAdmin } from "@/server/auth/permissions";
import { db, queryRows } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";

/**
 * Whom the log can be filtered by: the organization's members by name, then the people who acted
 * here and are members no more (removed members, instance operators), as their latest entry names them.
 */
export async function listAuditActors(actor: TUserActor): Promise<TListAuditActorsResponse> {
  assertOrgAdmin(actor);
  const [members, actors] = await Promise.all([
    db().organizationMembership.findMany({
      where: { organizationId: actor.orgId },
      select: { user: { select: { id: true, name: true, email: true } } },
      orderBy: [{ user: { name: "asc" } }, { user: { email: "asc" } }],
    }),
    // DISTINCT ON in the database (Prisma's `distinct` would read every entry into memory).
    queryRows<{ actorUserId: string; actorLabel: string }>(
      db(),
      Prisma.sql`SELECT DISTINCT ON ("actorUserId") "actorUserId"::text AS "actorUserId", "actorLabel"
        FROM audit_entries WHERE "organizationId" = ${actor.orgId}::uuid AND "actorUserId" IS NOT NULL
        ORDER BY "actorUserId", "createdAt" DESC`,
    ),
  ]);
  const memberIds = new Set(members.map(({ user }) => user.id));
  const former = actors
    .filter((entry) => !memberIds.has(entry.actorUserId))
    .map((entry) => ({ userId: entry.actorUserId, label: entry.actorLabel, member: false }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return {
    people: [
      ...members.map(({ user }) => ({ userId: user.id, label: `${user.name} <${user.email}>`, member: true })),
      ...former,
    ],
  };
}
