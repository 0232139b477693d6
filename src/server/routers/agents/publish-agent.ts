import { publishAgentMeta, ZPublishAgentRequest, ZPublishAgentResponse } from "@/contracts/agents/publish-agent";
import { publishAgent as publishAgentService } from "@/server/services/agents/publish-agent";
import { userTokenProcedure } from "@/server/trpc/procedures";

export const publishAgent = userTokenProcedure
  .meta(publishAgentMeta)
  .input(ZPublishAgentRequest)
  .output(ZPublishAgentResponse)
  .mutation(({ ctx, input }) => publishAgentService(ctx.actor, input));
