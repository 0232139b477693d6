import type { TFlowDetail } from "@/contracts/flows/flow";
import { EMPTY_FLOW_GRAPH } from "@/contracts/flows/graph";
import type { TCreateFlowRequest } from "@/contracts/flows/requests";
import type { Prisma } from "@/server/db/generated/client";
import type { TUserActor } from "@/server/auth/actor";
import { assertCan } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { FLOW_SELECT, normalizeDescription, toFlow } from "./to-flow";

/** Creates a draft flow (never published) in a domain where the actor may edit automations. */
// Not folded with createAgent: the draft columns differ (a graph vs Setup fields) and so do the response shapes.
export async function createFlow(actor: TUserActor, input: TCreateFlowRequest): Promise<TFlowDetail> {
  await assertCan(actor, "edit_automation", input.domainId);
  const row = await db().automation.create({
    data: {
      organizationId: actor.orgId,
      domainId: input.domainId,
      kind: "FLOW",
      name: input.name,
      description: normalizeDescription(input.description),
      flowGraph: (input.graph ?? EMPTY_FLOW_GRAPH) as Prisma.InputJsonObject,
      createdById: actor.userId,
    },
    select: FLOW_SELECT,
  });
  return toFlow(row);
}
