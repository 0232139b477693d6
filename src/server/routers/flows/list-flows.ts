import { ZListFlowsRequest, ZListFlowsResponse } from "@/contracts/flows/requests";
import { listFlows as service } from "@/server/services/flows/list-flows";
import { consoleProcedure } from "@/server/trpc/procedures";

export const listFlows = consoleProcedure
  .input(ZListFlowsRequest)
  .output(ZListFlowsResponse)
  .query(({ ctx, input }) => service(ctx.actor, input));
