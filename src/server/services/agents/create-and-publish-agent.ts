import type { z } from "zod";
import { ZCreateAgentRequest } from "@/contracts/agents/create-agent";
import { ZPublishAgentRequest } from "@/contracts/agents/publish-agent";
import { ZSetBindingPoliciesRequest } from "@/contracts/agents/set-binding-policies";
import { ZSetKnowledgeSelectionRequest } from "@/contracts/agents/set-knowledge-selection";
import type { TBindingPolicies, TKnowledgeSelection, TSetupPatch } from "@/contracts/agents/setup";
import { ZUpdateAgentSetupRequest } from "@/contracts/agents/update-agent-setup";
import type { TUserActor } from "@/server/auth/actor";
import { AppError } from "@/server/errors";
import { createAgent } from "./create-agent";
import { publishAgent } from "./publish-agent";
import { setBindingPolicies } from "./set-binding-policies";
import { setKnowledgeSelection } from "./set-knowledge-selection";
import { updateAgentSetup } from "./update-agent-setup";

export type TCreateAndPublishAgentOptions = {
  domainId: string;
  name: string;
  description?: string | null;
  setup?: TSetupPatch;
  bindingPolicies?: TBindingPolicies;
  knowledgeSelection?: TKnowledgeSelection;
  changeNote?: string;
};

/** The routes validate with the contracts before a service runs; so does this convenience. */
function valid<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new AppError("VALIDATION", `Invalid request: ${issue.path.join(".")}: ${issue.message}.`, {
    details: { issues: parsed.error.issues.map((item) => ({ path: item.path.join("."), message: item.message, code: item.code })) },
  });
}

/**
 * Creates an agent and publishes revision 1 through the same functions the routes use, so
 * fixtures and demos obey every rule (permissions, bounds, verifier). Not one transaction:
 * a refused publish leaves the draft behind, as the routes would.
 */
export async function createAndPublishAgent(actor: TUserActor, options: TCreateAndPublishAgentOptions) {
  const agent = await createAgent(actor, valid(ZCreateAgentRequest, { domainId: options.domainId, name: options.name, description: options.description }));
  const id = agent.id;
  if (options.bindingPolicies) await setBindingPolicies(actor, valid(ZSetBindingPoliciesRequest, { id, policies: options.bindingPolicies }));
  if (options.setup) await updateAgentSetup(actor, valid(ZUpdateAgentSetupRequest, { id, ...options.setup }));
  if (options.knowledgeSelection) await setKnowledgeSelection(actor, valid(ZSetKnowledgeSelectionRequest, { id, ...options.knowledgeSelection }));
  const published = await publishAgent(actor, valid(ZPublishAgentRequest, { id, changeNote: options.changeNote }));
  return { agent, ...published };
}
