import { ZCreateAgentRequest } from "@/contracts/agents/create-agent";
import { ZPublishAgentRequest } from "@/contracts/agents/publish-agent";
import { ZSetBindingPoliciesRequest } from "@/contracts/agents/set-binding-policies";
import { ZSetKnowledgeSelectionRequest } from "@/contracts/agents/set-knowledge-selection";
import type { TBindingPolicies, TKnowledgeSelection, TSetupPatch } from "@/contracts/agents/setup";
import { ZUpdateAgentSetupRequest } from "@/contracts/agents/update-agent-setup";
import type { TUserActor } from "@/server/auth/actor";
import { createAndPublish, valid } from "@/server/services/automations/create-and-publish";
import { createAgent } from "./create-agent";
import { publishAgent } from "./publish-agent";
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

/** An agent with revision 1 published (see `createAndPublish`); Setup and knowledge go in after the bindings. */
export async function createAndPublishAgent(actor: TUserActor, options: TCreateAndPublishAgentOptions) {
  const { created, published } = await createAndPublish("AGENT", actor, options.bindingPolicies, {
    create: () =>
      createAgent(
        actor,
        valid(ZCreateAgentRequest, {
          domainId: options.domainId,
          name: options.name,
          description: options.description,
        }),
      ),
    bindings: (id, policies) => valid(ZSetBindingPoliciesRequest, { id, policies }),
    edit: async (id) => {
      if (options.setup) await updateAgentSetup(actor, valid(ZUpdateAgentSetupRequest, { id, ...options.setup }));
      if (options.knowledgeSelection)
        await setKnowledgeSelection(actor, valid(ZSetKnowledgeSelectionRequest, { id, ...options.knowledgeSelection }));
    },
    publish: (id) => publishAgent(actor, valid(ZPublishAgentRequest, { id, changeNote: options.changeNote })),
  });
  return { agent: created, ...published };
}
