import { ZGetFlowRequest, ZGetFlowResponse } from "@/contracts/flows/requests";
import { getFlow as service } from "@/server/services/flows/get-flow";
import { consoleProcedure } from "@/server/trpc/procedures";

export const getFlow = consoleProcedure
  .input(ZGetFlowRequest)
  .output(ZGetFlowResponse)
  .query(({ ctx, input }) => service(ctx.actor, input));
