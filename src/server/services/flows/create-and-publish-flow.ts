import type { z } from "zod";
import type { TBindingPolicies } from "@/contracts/agents/setup";
import { ZCreateFlowRequest, ZPublishFlowRequest, ZSetFlowBindingPoliciesRequest } from "@/contracts/flows/requests";
import type { TUserActor } from "@/server/auth/actor";
import { AppError } from "@/server/errors";
import { createFlow } from "./create-flow";
import { publishFlow } from "./publish-flow";
import { setFlowBindingPolicies } from "./set-flow-binding-policies";

export type TCreateAndPublishFlowOptions = {
  domainId: string;
  name: string;
  description?: string | null;
  graph: unknown;
  bindingPolicies?: TBindingPolicies;
  changeNote?: string;
};

/** The console validates with the contracts before a service runs; so does this convenience. */
function valid<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new AppError("VALIDATION", `Invalid request: ${issue.path.join(".")}: ${issue.message}.`, {
    details: { issues: parsed.error.issues.map((item) => ({ path: item.path.join("."), message: item.message, code: item.code })) },
  });
}

/**
 * Creates a flow and publishes revision 1 through the services the console uses, so
 * fixtures and demos obey every rule (permissions, structure, validation).
 */
export async function createAndPublishFlow(actor: TUserActor, options: TCreateAndPublishFlowOptions) {
  const flow = await createFlow(actor, valid(ZCreateFlowRequest, { domainId: options.domainId, name: options.name, description: options.description, graph: options.graph }));
  if (options.bindingPolicies) await setFlowBindingPolicies(actor, valid(ZSetFlowBindingPoliciesRequest, { id: flow.id, policies: options.bindingPolicies }));
  const published = await publishFlow(actor, valid(ZPublishFlowRequest, { id: flow.id, changeNote: options.changeNote }));
  return { flow, ...published };
}
