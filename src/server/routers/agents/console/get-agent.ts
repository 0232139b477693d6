import { ZGetAgentRequest, ZGetAgentResponse } from "@/contracts/agents/get-agent";
import { getAgent as getAgentService } from "@/server/services/agents/get-agent";
import { consoleProcedure } from "@/server/trpc/procedures";

export const getAgent = consoleProcedure
  .input(ZGetAgentRequest)
  .output(ZGetAgentResponse)
  .query(({ ctx, input }) => getAgentService(ctx.actor, input));
