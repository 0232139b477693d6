import type { TCreateModuleRequest } from "@/contracts/knowledge/create-module";
import type { TKnowledgeModule } from "@/contracts/knowledge/knowledge-module";
import type { TUserActor } from "@/server/auth/actor";
import { assertCan, assertOrgAdmin } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { MODULE_SELECT, toModule } from "./to-knowledge";

/**
 * A domain module needs manage_knowledge in its domain (organization Owner/Admin status alone
 * is not enough); an organization module needs organization administration.
 */
export async function createModule(actor: TUserActor, input: TCreateModuleRequest): Promise<TKnowledgeModule> {
  const domainId = input.kind === "domain" ? input.domainId! : null;
  if (domainId) await assertCan(actor, "manage_knowledge", domainId);
  else assertOrgAdmin(actor);
  const row = await db().knowledgeModule.create({
    data: {
      organizationId: actor.orgId,
      domainId,
      kind: domainId ? "DOMAIN" : "ORG",
      name: input.name,
      description: input.description || null,
      createdById: actor.userId,
    },
    select: MODULE_SELECT,
  });
  return toModule(row);
}
