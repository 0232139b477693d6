import { ZCreateAgentRequest, ZCreateAgentResponse } from "@/contracts/agents/create-agent";
import { createAgent as createAgentService } from "@/server/services/agents/create-agent";
import { consoleProcedure } from "@/server/trpc/procedures";

export const createAgent = consoleProcedure
  .input(ZCreateAgentRequest)
  .output(ZCreateAgentResponse)
  .mutation(({ ctx, input }) => createAgentService(ctx.actor, input));
