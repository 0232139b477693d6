import type { TCreateModuleRequest } from "@/contracts/knowledge/create-module";
import type { TKnowledgeModule } from "@/contracts/knowledge/knowledge-module";
import type { TUserActor } from "@/server/auth/actor";
import { assertCan, assertOrgAdmin } from "@/server/auth/permissions";
import { atomically } from "@/server/db/client";
import type { TRecordAnswer } from "@/server/idempotency/idempotent-call";
import { MODULE_SELECT, toModule } from "./to-knowledge";

/**
 * A domain module needs manage_knowledge in its domain (organization Owner/Admin status alone
 * is not enough); an organization module needs organization administration.
 */
export async function createModule(
  actor: TUserActor,
  input: TCreateModuleRequest,
  record?: TRecordAnswer<TKnowledgeModule>,
): Promise<TKnowledgeModule> {
  const domainId = input.kind === "domain" ? input.domainId! : null;
  if (domainId) await assertCan(actor, "manage_knowledge", domainId);
  else assertOrgAdmin(actor);
  return atomically(record === undefined, async (tx) => {
    const row = await tx.knowledgeModule.create({
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
    const created = toModule(row);
    await record?.(tx, created);
    return created;
  });
}
