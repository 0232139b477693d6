import type { TListModulesResponse } from "@/contracts/knowledge/list-modules";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { canManageScopeWith, myDomainRoles } from "./knowledge-access";
import { MODULE_SELECT, toModule } from "./to-knowledge";

/** Organization modules (every member sees them), then those of the caller's domains. */
export async function listModules(actor: TUserActor): Promise<TListModulesResponse> {
  const roles = await myDomainRoles(actor);
  const modules = await db().knowledgeModule.findMany({
    where: { organizationId: actor.orgId, OR: [{ kind: "ORG" }, { domainId: { in: [...roles.keys()] } }] },
    orderBy: [{ kind: "desc" }, { name: "asc" }, { id: "asc" }],
    select: { ...MODULE_SELECT, _count: { select: { articles: true } } },
  });
  return {
    modules: modules.map((row) => ({
      ...toModule(row),
      articleCount: row._count.articles,
      canManage: canManageScopeWith(actor, roles, row),
    })),
  };
}
