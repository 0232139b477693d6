import type { TGetFlowRequest, TGetFlowResponse } from "@/contracts/flows/requests";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { authorizeFlow } from "@/server/services/automations/automation-access";
import { FLOW_SELECT, toFlow } from "./to-flow";

/** A flow's draft and published pointer, for anyone who may view its domain. */
// Not folded with getAgent: the draft each returns (a graph vs Setup and knowledge) is the kind's own.
export async function getFlow(actor: TUserActor, { id }: TGetFlowRequest): Promise<TGetFlowResponse> {
  const flow = await authorizeFlow(actor, id, "view");
  return { flow: toFlow(await db().automation.findUniqueOrThrow({ where: { id: flow.id }, select: FLOW_SELECT })) };
}
