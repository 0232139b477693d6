import { verifyAgentMeta, ZVerifyAgentRequest, ZVerifyAgentResponse } from "@/contracts/agents/verify-agent";
import { verifyAgent as verifyAgentService } from "@/server/services/agents/verify-agent";
import { userTokenProcedure } from "@/server/trpc/procedures";

export const verifyAgent = userTokenProcedure
  .meta(verifyAgentMeta)
  .input(ZVerifyAgentRequest)
  .output(ZVerifyAgentResponse)
  .query(({ ctx, input }) => verifyAgentService(ctx.actor, input));
