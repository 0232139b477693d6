import type {
  TSetKnowledgeSelectionRequest,
  TSetKnowledgeSelectionResponse,
} from "@/contracts/agents/set-knowledge-selection";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { AppError, notFound } from "@/server/errors";
import { authorizeAgent } from "@/server/services/automations/automation-access";
import { classifyModules, toApiMode, toDbMode } from "./draft";

/**
 * Replaces the draft knowledge selection (published with the next revision). Module ids are
 * deduplicated in first-occurrence order. Refusals (docs/decisions.md, "Knowledge selection"):
 * moduleIds with a mode other than `modules` is 400; an unknown or other-organization module is
 * 404 (the two cannot be told apart); a domain module of another domain is 400.
 */
export async function setKnowledgeSelection(
  actor: TUserActor,
  input: TSetKnowledgeSelectionRequest,
): Promise<TSetKnowledgeSelectionResponse> {
  const moduleIds = [...new Set(input.moduleIds ?? [])];
  if (input.mode !== "modules" && moduleIds.length) {
    throw new AppError(
      "VALIDATION",
      `Invalid request: moduleIds: only allowed with mode "modules" (mode is "${input.mode}").`,
      {
        details: { issues: [{ path: "moduleIds", message: `only allowed with mode "modules"`, code: "custom" }] },
      },
    );
  }
  const agent = await authorizeAgent(actor, input.id, "manage_knowledge");
  const { unknown, otherDomain } = await classifyModules(db(), agent, moduleIds);
  if (unknown.length) {
    // The uniform 404; the details name the module ids of the body that could not be found.
    throw notFound("knowledge module", { moduleIds: unknown });
  }
  if (otherDomain.length) {
    throw new AppError(
      "VALIDATION",
      `Invalid request: moduleIds: module ${otherDomain[0]} belongs to another domain; an agent can select organization modules and modules of its own domain.`,
      {
        details: {
          issues: otherDomain.map((id) => ({
            path: `moduleIds.${moduleIds.indexOf(id)}`,
            message: "module of another domain",
            code: "custom",
          })),
        },
      },
    );
  }
  const row = await db().automation.update({
    where: { id: agent.id },
    data: { knowledgeMode: toDbMode(input.mode), knowledgeModuleIds: moduleIds },
    select: { knowledgeMode: true, knowledgeModuleIds: true },
  });
  return { mode: toApiMode(row.knowledgeMode), moduleIds: row.knowledgeModuleIds };
}
