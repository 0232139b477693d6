import {
  updateAgentSetupMeta,
  ZUpdateAgentSetupRequest,
  ZUpdateAgentSetupResponse,
  type TUpdateAgentSetupRequest,
} from "@/contracts/agents/update-agent-setup";
import { updateAgentSetup as updateAgentSetupService } from "@/server/services/agents/update-agent-setup";
import { userTokenProcedure } from "@/server/trpc/procedures";
import type { TUserCallContext } from "@/server/trpc/tenant-route";

/** The operation, behind both doors: this route and the partner tenant route (routers/tenant). */
export const updateAgentSetupCall = ({ ctx, input }: { ctx: TUserCallContext; input: TUpdateAgentSetupRequest }) =>
  updateAgentSetupService(ctx.actor, input);

export const updateAgentSetup = userTokenProcedure
  .meta(updateAgentSetupMeta)
  .input(ZUpdateAgentSetupRequest)
  .output(ZUpdateAgentSetupResponse)
  .mutation(updateAgentSetupCall);
