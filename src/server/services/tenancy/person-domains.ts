import { isUuid } from "@/contracts/common/ids";
import type { TListTenantDomainsResponse, TTenantDomain } from "@/contracts/partner/tenant-domains";
import type { TWorkerDomainRole } from "@/contracts/partner/worker-mapping";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { cursorPage, keysetQuery, type TPageRequest } from "@/server/services/common/cursor-page";

const select = (actor: TUserActor) =>
  ({
    id: true,
    name: true,
    memberships: { where: { userId: actor.userId }, select: { role: true } },
  }) as const;

type TRow = { id: string; name: string; memberships: Array<{ role: string }> };

const toDomain = (row: TRow): TTenantDomain => ({
  id: row.id,
  name: row.name,
  role: (row.memberships[0]?.role.toLowerCase() as TWorkerDomainRole | undefined) ?? null,
});

const DOMAINS = {
  list: "domains",
  shape: ["text", "uuid"],
  order: [
    ["name", "asc"],
    ["id", "asc"],
  ],
} as const;

/**
 * The active domains of the person's organization with their role in each (null: no member), by
 * name, a page at a time. Archived domains leave the list; one read by id still answers (its
 * agents, triggers and worker roles name it).
 */
export async function listPersonDomains(
  actor: TUserActor,
  page: TPageRequest = {},
): Promise<TListTenantDomainsResponse> {
  const keyset = keysetQuery(DOMAINS, page);
  const rows = await db().domain.findMany({
    where: { organizationId: actor.orgId, archivedAt: null, AND: [keyset.after] },
    orderBy: keyset.orderBy,
    take: keyset.take,
    select: select(actor),
  });
  const { items, nextCursor } = cursorPage(DOMAINS, rows, page, (row) => [row.name, row.id]);
  return { items: items.map(toDomain), nextCursor };
}

/** One domain of the person's organization with their role in it, or the uniform 404. */
export async function getPersonDomain(actor: TUserActor, o: { domainId: string }): Promise<TTenantDomain> {
  if (!isUuid(o.domainId)) throw notFound();
  const row = await db().domain.findFirst({
    where: { id: o.domainId, organizationId: actor.orgId },
    select: select(actor),
  });
  if (!row) throw notFound();
  return toDomain(row);
}
