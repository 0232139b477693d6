import { ZSendPasswordResetRequest, ZSendPasswordResetResponse } from "@/contracts/passwords/send-reset";
import { sendPasswordReset } from "@/server/services/passwords/send-reset";
import { consoleProcedure } from "@/server/trpc/procedures";

/** Console (/settings/members): an Owner or Admin sends a member a reset link. */
export const sendReset = consoleProcedure
  .input(ZSendPasswordResetRequest)
  .output(ZSendPasswordResetResponse)
  .mutation(({ ctx, input }) => sendPasswordReset(ctx.actor, input));
