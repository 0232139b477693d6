import { kindsOfArea } from "@/contracts/audit/audit-kind";
import {
  SERVICE_ACTOR,
  type TAuditEntry,
  type TListAuditEntriesRequest,
  type TListAuditEntriesResponse,
} from "@/contracts/audit/list-audit-entries";
import type { TUserActor } from "@/server/auth/actor";
import { assertOrgAdmin } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import { cursorPage, keysetQuery, type TKeysetList } from "@/server/services/common/cursor-page";

/** Newest first; entries of one instant keep a stable order by id, so a page boundary never repeats or skips one. */
const AUDIT_LIST: TKeysetList<readonly ["date", "uuid"]> = {
  list: "audit",
  shape: ["date", "uuid"],
  order: [
    ["createdAt", "desc"],
    ["id", "desc"],
  ],
};

const ROW_SELECT = {
  id: true,
  createdAt: true,
  actorUserId: true,
  actorLabel: true,
  kind: true,
  summary: true,
  subjectType: true,
  subjectId: true,
  data: true,
} satisfies Prisma.AuditEntrySelect;

type TRow = Prisma.AuditEntryGetPayload<{ select: typeof ROW_SELECT }>;

function filterOf(actor: TUserActor, input: TListAuditEntriesRequest): Prisma.AuditEntryWhereInput {
  // A kind and an area together keep the kind when it is of that area (else nothing matches).
  const areaKinds: string[] | undefined = input.area ? kindsOfArea(input.area) : undefined;
  const kinds = input.kind ? (areaKinds?.filter((kind) => kind === input.kind) ?? [input.kind]) : areaKinds;
  return {
    organizationId: actor.orgId,
    ...(input.actor === SERVICE_ACTOR ? { actorUserId: null } : input.actor ? { actorUserId: input.actor } : {}),
    ...(kinds ? { kind: kinds.length === 1 ? kinds[0] : { in: kinds } } : {}),
  };
}

const domainOf = (row: TRow) => {
  const data = row.data as Record<string, unknown> | null;
  return typeof data?.domainId === "string" ? data.domainId : null;
};

/**
 * The console page of each entry's subject, read for the whole page at once: agents, flows and
 * triggers that still exist in the organization (one statement each, only when the page has
 * some). A connection links to its domain's connections page (the entry's data names the domain).
 */
async function subjectLinks(orgId: string, rows: TRow[]): Promise<Map<string, string>> {
  const ids = (types: string[]) => [
    ...new Set(rows.filter((row) => types.includes(row.subjectType) && row.subjectId).map((row) => row.subjectId!)),
  ];
  const automationIds = ids(["agent", "flow"]);
  const triggerIds = ids(["trigger"]);
  const [automations, triggers] = await Promise.all([
    automationIds.length
      ? db().automation.findMany({
          where: { organizationId: orgId, id: { in: automationIds } },
          select: { id: true, kind: true, domainId: true },
        })
      : [],
    triggerIds.length
      ? db().trigger.findMany({
          where: { organizationId: orgId, id: { in: triggerIds } },
          select: { id: true, domainId: true },
        })
      : [],
  ]);
  const links = new Map<string, string>();
  for (const automation of automations) {
    links.set(
      automation.id,
      automation.kind === "FLOW"
        ? `/flows/${automation.id}`
        : `/domains/${automation.domainId}/agents/${automation.id}`,
    );
  }
  for (const trigger of triggers) links.set(trigger.id, `/triggers/${trigger.domainId}`);
  return links;
}

function hrefOf(row: TRow, links: Map<string, string>): string | null {
  if (row.subjectType === "connection") {
    const domainId = domainOf(row);
    return domainId ? `/domains/${domainId}/connections` : null;
  }
  return row.subjectId ? (links.get(row.subjectId) ?? null) : null;
}

/**
 * The organization's audit log, newest first, a page at a time. Owners and Admins only (403 for a
 * Member); only the actor's organization is ever read.
 */
export async function listAuditEntries(
  actor: TUserActor,
  input: TListAuditEntriesRequest,
): Promise<TListAuditEntriesResponse> {
  assertOrgAdmin(actor);
  const limit = input.limit ?? 50;
  const page = { limit, ...(input.cursor === undefined ? {} : { cursor: input.cursor }) };
  const { after, orderBy, take } = keysetQuery(AUDIT_LIST, page);
  const rows = await db().auditEntry.findMany({
    where: { AND: [filterOf(actor, input), after] },
    orderBy,
    take,
    select: ROW_SELECT,
  });
  const { items, nextCursor } = cursorPage(AUDIT_LIST, rows, page, (row) => [row.createdAt, row.id] as const);
  const links = await subjectLinks(actor.orgId, items);
  const entries: TAuditEntry[] = items.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    actorUserId: row.actorUserId,
    actorLabel: row.actorLabel,
    kind: row.kind,
    summary: row.summary,
    subject: { type: row.subjectType, id: row.subjectId },
    href: hrefOf(row, links),
  }));
  return { entries, nextCursor };
}
