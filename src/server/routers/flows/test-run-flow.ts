import { ZRunFlowRequest, ZRunFlowResponse } from "@/contracts/flows/runs";
import { testRunFlow as testRunFlowService } from "@/server/services/flows/run-flow";
import { consoleProcedure } from "@/server/trpc/procedures";

/** Test run of the draft from the flow page; the strict input has no callerCredentials (spec 5 rule 7). */
export const testRunFlow = consoleProcedure
  .input(ZRunFlowRequest)
  .output(ZRunFlowResponse)
  .mutation(({ ctx, input }) => testRunFlowService(ctx.actor, input));
