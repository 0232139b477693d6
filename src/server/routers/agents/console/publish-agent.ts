import { ZConsolePublishResponse } from "@/contracts/agents/publish-agent";
import { ZPublishAgentRequest } from "@/contracts/agents/publish-agent";
import { publishAgent as publishAgentService } from "@/server/services/agents/publish-agent";
import { consoleProcedure } from "@/server/trpc/procedures";

export const publishAgent = consoleProcedure
  .input(ZPublishAgentRequest)
  .output(ZConsolePublishResponse)
  .mutation(({ ctx, input }) => publishAgentService(ctx.actor, input));
