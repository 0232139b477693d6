import { ZListAgentsRequest, ZListAgentsResponse } from "@/contracts/agents/list-agents";
import { listAgents as listAgentsService } from "@/server/services/agents/list-agents";
import { consoleProcedure } from "@/server/trpc/procedures";

export const listAgents = consoleProcedure
  .input(ZListAgentsRequest)
  .output(ZListAgentsResponse)
  .query(({ ctx, input }) => listAgentsService(ctx.actor, input));
