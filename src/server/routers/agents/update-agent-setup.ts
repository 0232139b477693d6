import {
  updateAgentSetupMeta,
  ZUpdateAgentSetupRequest,
  ZUpdateAgentSetupResponse,
} from "@/contracts/agents/update-agent-setup";
import { updateAgentSetup as updateAgentSetupService } from "@/server/services/agents/update-agent-setup";
import { userTokenProcedure } from "@/server/trpc/procedures";

export const updateAgentSetup = userTokenProcedure
  .meta(updateAgentSetupMeta)
  .input(ZUpdateAgentSetupRequest)
  .output(ZUpdateAgentSetupResponse)
  .mutation(({ ctx, input }) => updateAgentSetupService(ctx.actor, input));
