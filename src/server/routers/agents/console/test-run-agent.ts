import { ZRunAgentRequest, ZRunAgentResponse } from "@/contracts/agents/run-agent";
import { testRunAgent as testRunAgentService } from "@/server/services/agents/run-agent";
import { consoleProcedure } from "@/server/trpc/procedures";

/** Test run of the draft from the agent page; no callerCredentials either (spec 5 rule 7). */
export const testRunAgent = consoleProcedure
  .input(ZRunAgentRequest)
  .output(ZRunAgentResponse)
  .mutation(({ ctx, input }) => testRunAgentService(ctx.actor, input));
