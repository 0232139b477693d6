import { ZFlowDetail } from "@/contracts/flows/flow";
import { ZUpdateFlowGraphRequest } from "@/contracts/flows/requests";
import { updateFlowGraph as service } from "@/server/services/flows/update-flow-graph";
import { consoleProcedure } from "@/server/trpc/procedures";

export const updateFlowGraph = consoleProcedure
  .input(ZUpdateFlowGraphRequest)
  .output(ZFlowDetail)
  .mutation(({ ctx, input }) => service(ctx.actor, input));
