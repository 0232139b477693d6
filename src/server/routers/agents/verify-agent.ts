import { verifyAgentMeta, ZVerifyAgentRequest, ZVerifyAgentResponse } from "@/contracts/agents/verify-agent";
import { verifyAgent as verifyAgentService } from "@/server/services/agents/verify-agent";
import { userTokenProcedure } from "@/server/trpc/procedures";
import type { TUserCallContext } from "@/server/trpc/tenant-route";

/** The operation, behind both doors: this route and the partner tenant route (routers/tenant). */
export const verifyAgentCall = ({ ctx, input }: { ctx: TUserCallContext; input: { id: string } }) =>
  verifyAgentService(ctx.actor, input);

export const verifyAgent = userTokenProcedure
  .meta(verifyAgentMeta)
  .input(ZVerifyAgentRequest)
  .output(ZVerifyAgentResponse)
  .query(verifyAgentCall);
