import type { TFlowDetail } from "@/contracts/flows/flow";
import type { TUpdateFlowGraphRequest } from "@/contracts/flows/requests";
import type { Prisma } from "@/server/db/generated/client";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { authorizeFlow } from "@/server/services/automations/automation-access";
import { FLOW_SELECT, toFlow } from "./to-flow";

/**
 * Replaces the draft document. A draft may have findings (work in progress); only publish
 * refuses them. No revision is created.
 */
export async function updateFlowGraph(actor: TUserActor, input: TUpdateFlowGraphRequest): Promise<TFlowDetail> {
  const flow = await authorizeFlow(actor, input.id, "edit_automation");
  return toFlow(
    await db().automation.update({
      where: { id: flow.id },
      data: { flowGraph: input.graph as Prisma.InputJsonObject },
      select: FLOW_SELECT,
    }),
  );
}
