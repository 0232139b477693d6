import { ZPublishAgentRequest, ZPublishAgentResponse } from "@/contracts/agents/publish-agent";
import { publishAgent as publishAgentService } from "@/server/services/agents/publish-agent";
import { consoleProcedure } from "@/server/trpc/procedures";

export const publishAgent = consoleProcedure
  .input(ZPublishAgentRequest)
  .output(ZPublishAgentResponse)
  .mutation(({ ctx, input }) => publishAgentService(ctx.actor, input));
