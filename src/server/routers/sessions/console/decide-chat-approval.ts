import { ZConsoleDecideApprovalRequest, ZConsoleDecideApprovalResponse } from "@/contracts/session-console/chat";
import { decideApproval as decideApprovalService } from "@/server/services/sessions/decide-approval";
import { consoleProcedure } from "@/server/trpc/procedures";

/**
 * The chat view's approval (key `sessionConsole.decideApproval`). Its own verb-noun because console/decide-approval.ts
 * is the cookie twin of the machine route. The strict input has no callerCredentials: the console refuses them (spec 5 rule 7).
 */
export const decideChatApproval = consoleProcedure
  .input(ZConsoleDecideApprovalRequest)
  .output(ZConsoleDecideApprovalResponse)
  .mutation(({ ctx, input }) => decideApprovalService(ctx.actor, input));
