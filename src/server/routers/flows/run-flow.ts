import { ZRunFlowRequest, ZRunFlowResponse } from "@/contracts/flows/runs";
import { runFlowByHand } from "@/server/services/flows/run-flow";
import { consoleProcedure } from "@/server/trpc/procedures";

/** Run from the flow page; the strict input has no callerCredentials (spec 5 rule 7). */
export const runFlow = consoleProcedure
  .input(ZRunFlowRequest)
  .output(ZRunFlowResponse)
  .mutation(({ ctx, input }) => runFlowByHand(ctx.actor, input));
