import { ZVerifyAgentRequest, ZVerifyAgentResponse } from "@/contracts/agents/verify-agent";
import { verifyAgent as verifyAgentService } from "@/server/services/agents/verify-agent";
import { consoleProcedure } from "@/server/trpc/procedures";

export const verifyAgent = consoleProcedure
  .input(ZVerifyAgentRequest)
  .output(ZVerifyAgentResponse)
  .query(({ ctx, input }) => verifyAgentService(ctx.actor, input));
