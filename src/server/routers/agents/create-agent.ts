import { createAgentMeta, ZCreateAgentRequest, ZCreateAgentResponse } from "@/contracts/agents/create-agent";
import { createAgent as createAgentService } from "@/server/services/agents/create-agent";
import { userTokenProcedure } from "@/server/trpc/procedures";

export const createAgent = userTokenProcedure
  .meta(createAgentMeta)
  .input(ZCreateAgentRequest)
  .output(ZCreateAgentResponse)
  .mutation(({ ctx, input }) => createAgentService(ctx.actor, input));
