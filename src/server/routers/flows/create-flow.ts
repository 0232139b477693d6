import { ZFlowDetail } from "@/contracts/flows/flow";
import { ZCreateFlowRequest } from "@/contracts/flows/requests";
import { createFlow as service } from "@/server/services/flows/create-flow";
import { consoleProcedure } from "@/server/trpc/procedures";

export const createFlow = consoleProcedure
  .input(ZCreateFlowRequest)
  .output(ZFlowDetail)
  .mutation(({ ctx, input }) => service(ctx.actor, input));
