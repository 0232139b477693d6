import type { TListModulesResponse } from "@/contracts/knowledge/list-modules";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import {
  badCursor,
  cursorPage,
  keysetOrder,
  keysetWhere,
  pageTake,
  readCursor,
  type TPageRequest,
} from "@/server/services/common/cursor-page";
import { canManageScopeWith, myDomainRoles } from "./knowledge-access";
import { MODULE_SELECT, toModule } from "./to-knowledge";

const MODULES = { list: "modules", shape: ["text", "text", "uuid"] } as const;
const KINDS = ["ORG", "DOMAIN"] as const; // `kind` descending: organization modules first
const WITHIN_KIND = [
  ["name", "asc"],
  ["id", "asc"],
] as const;

/** "After this key" in (kind desc, name, id): the rest of its kind, then every later kind (an enum has no `gt`). */
function afterModule(cursor: string) {
  const [kind, name, id] = readCursor(MODULES, cursor);
  const rank = KINDS.indexOf(kind as (typeof KINDS)[number]);
  if (rank < 0) throw badCursor();
  const later = KINDS.slice(rank + 1).map((next) => ({ kind: next }));
  return { OR: [{ kind: KINDS[rank], ...keysetWhere(WITHIN_KIND, [name, id]) }, ...later] };
}

/**
 * Organization modules (every member sees them), then those of the caller's domains, by name. A
 * page of them with `limit` (the tenant door), all of them without (the console).
 */
export async function listModules(
  actor: TUserActor,
  page: TPageRequest = {},
): Promise<TListModulesResponse & { nextCursor: string | null }> {
  const after = page.cursor === undefined ? {} : afterModule(page.cursor);
  const roles = await myDomainRoles(actor);
  const rows = await db().knowledgeModule.findMany({
    where: {
      organizationId: actor.orgId,
      OR: [{ kind: "ORG" }, { domainId: { in: [...roles.keys()] } }],
      AND: [after],
    },
    orderBy: [{ kind: "desc" }, ...keysetOrder(WITHIN_KIND)],
    take: pageTake(page),
    select: { ...MODULE_SELECT, _count: { select: { articles: true } } },
  });
  const { items, nextCursor } = cursorPage(MODULES, rows, page, (row) => [row.kind, row.name, row.id]);
  return {
    nextCursor,
    modules: items.map((row) => ({
      ...toModule(row),
      articleCount: row._count.articles,
      canManage: canManageScopeWith(actor, roles, row),
    })),
  };
}
