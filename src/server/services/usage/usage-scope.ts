import type { TGetUsageRequest } from "@/contracts/usage/get-usage";
import type { TUserActor } from "@/server/auth/actor";
import { isOrgAdmin } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";

export type TUsageScope = {
  where: Prisma.Sql;
  wholeOrganization: boolean;
  /** null: every domain of the organization. */ domainIds: string[] | null;
};

/** [from, to + 1 day) as UTC instants. */
export function rangeOf(input: { from: string; to: string }): { start: Date; end: Date } {
  const start = new Date(`${input.from}T00:00:00Z`);
  const end = new Date(`${input.to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { start, end };
}

/**
 * Which sessions the actor's usage covers, as SQL over `s` (agent_sessions) and `a` (automations).
 * Owners and Admins see the whole organization, as the model budget counts it; everyone else the
 * sessions run history shows them: their domains' sessions and their own personal chats.
 */
export async function visibilityOf(actor: TUserActor): Promise<TUsageScope> {
  const organization = Prisma.sql`s."organizationId" = ${actor.orgId}::uuid`;
  if (isOrgAdmin(actor)) return { where: organization, wholeOrganization: true, domainIds: null };
  const memberships = await db().domainMembership.findMany({
    where: { userId: actor.userId, domain: { organizationId: actor.orgId } },
    select: { domainId: true },
  });
  const domainIds = memberships.map((row) => Prisma.sql`${row.domainId}::uuid`);
  const inDomains =
    domainIds.length > 0
      ? Prisma.sql`(s."kind" = 'DOMAIN' AND s."domainId" IN (${Prisma.join(domainIds)}))`
      : Prisma.sql`FALSE`;
  const ownChats = Prisma.sql`(s."kind" = 'PERSONAL' AND s."ownerId" = ${actor.userId}::uuid)`;
  return {
    where: Prisma.sql`${organization} AND (${inDomains} OR ${ownChats})`,
    wholeOrganization: false,
    domainIds: memberships.map((row) => row.domainId),
  };
}

/**
 * The filters of the request beyond the date range and the outcome, as SQL over `t` (turns),
 * `s` and `a`. The outcome is decided per group of runs by runOutcomeOf (get-usage.ts), the
 * rule run history uses, rather than restated in SQL.
 */
export function filtersOf(input: TGetUsageRequest): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (input.automationId) parts.push(Prisma.sql`s."automationId" = ${input.automationId}::uuid`);
  if (input.kind) parts.push(Prisma.sql`a."kind" = ${input.kind === "flow" ? "FLOW" : "AGENT"}::"AutomationKind"`);
  return parts.length > 0 ? Prisma.sql`AND ${Prisma.join(parts, " AND ")}` : Prisma.empty;
}

/** A UTC instant as the database's timestamp (stored without zone, in UTC). */
export const sqlTimestamp = (at: Date) => Prisma.sql`${at.toISOString().replace("Z", "")}::timestamp`;

/** Every UTC day of [start, end) as YYYY-MM-DD, so charts show quiet days as zero rather than skipping them. */
export function daysOf(range: { start: Date; end: Date }): string[] {
  const days: string[] = [];
  for (const day = new Date(range.start); day < range.end; day.setUTCDate(day.getUTCDate() + 1))
    days.push(day.toISOString().slice(0, 10));
  return days;
}

export const microToUsd = (micro: number) => micro / 1_000_000;
