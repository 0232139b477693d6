import { ZRunAgentRequest, ZRunAgentResponse } from "@/contracts/agents/run-agent";
import { runAgentByHand } from "@/server/services/agents/run-agent";
import { consoleProcedure } from "@/server/trpc/procedures";

/** Run from the agent page; the strict input has no callerCredentials (spec 5 rule 7). */
export const runAgent = consoleProcedure
  .input(ZRunAgentRequest)
  .output(ZRunAgentResponse)
  .mutation(({ ctx, input }) => runAgentByHand(ctx.actor, input));
