import { ZUpdateAgentSetupRequest, ZUpdateAgentSetupResponse } from "@/contracts/agents/update-agent-setup";
import { updateAgentSetup as updateAgentSetupService } from "@/server/services/agents/update-agent-setup";
import { consoleProcedure } from "@/server/trpc/procedures";

export const updateAgentSetup = consoleProcedure
  .input(ZUpdateAgentSetupRequest)
  .output(ZUpdateAgentSetupResponse)
  .mutation(({ ctx, input }) => updateAgentSetupService(ctx.actor, input));
