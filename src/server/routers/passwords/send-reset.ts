import { ZSendPasswordResetRequest, ZSendPasswordResetResponse } from "@/contracts/passwords/send-reset";
import { AppError } from "@/server/errors";
import { consoleProcedure } from "@/server/trpc/procedures";

// Placeholder until the passwords service lands (this file's owner replaces the body).
export const sendReset = consoleProcedure
  .input(ZSendPasswordResetRequest)
  .output(ZSendPasswordResetResponse)
  .mutation((): never => {
    throw new AppError("UNAVAILABLE", "Password reset links are not available yet.");
  });
