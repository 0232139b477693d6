import { ZGetFlowRunRequest, ZGetFlowRunResponse } from "@/contracts/flows/runs";
import { getFlowRun as service } from "@/server/services/flows/get-flow-run";
import { consoleProcedure } from "@/server/trpc/procedures";

export const getFlowRun = consoleProcedure
  .input(ZGetFlowRunRequest)
  .output(ZGetFlowRunResponse)
  .query(({ ctx, input }) => service(ctx.actor, input.sessionId));
