import type { TBindingPolicies } from "@/contracts/agents/setup";
import { ZCreateFlowRequest, ZPublishFlowRequest, ZSetFlowBindingPoliciesRequest } from "@/contracts/flows/requests";
import type { TUserActor } from "@/server/auth/actor";
import { createAndPublish, valid } from "@/server/services/automations/create-and-publish";
import { createFlow } from "./create-flow";
import { publishFlow } from "./publish-flow";

export type TCreateAndPublishFlowOptions = {
  domainId: string;
  name: string;
  description?: string | null;
  graph: unknown;
  bindingPolicies?: TBindingPolicies;
  changeNote?: string;
};

/** A flow with revision 1 published (see `createAndPublish`); the graph goes in with the create. */
export async function createAndPublishFlow(actor: TUserActor, options: TCreateAndPublishFlowOptions) {
  const { created, published } = await createAndPublish("FLOW", actor, options.bindingPolicies, {
    create: () =>
      createFlow(
        actor,
        valid(ZCreateFlowRequest, {
          domainId: options.domainId,
          name: options.name,
          description: options.description,
          graph: options.graph,
        }),
      ),
    bindings: (id, policies) => valid(ZSetFlowBindingPoliciesRequest, { id, policies }),
    publish: (id) => publishFlow(actor, valid(ZPublishFlowRequest, { id, changeNote: options.changeNote })),
  });
  return { flow: created, ...published };
}
