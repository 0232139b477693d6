import { ZCompletePasswordResetRequest, ZCompletePasswordResetResponse } from "@/contracts/passwords/complete-reset";
import { completePasswordReset } from "@/server/services/passwords/complete-reset";
import { openProcedure } from "@/server/trpc/procedures";

/** The reset page: sets the new password and spends the link; the page then signs the person in. */
export const completeReset = openProcedure
  .input(ZCompletePasswordResetRequest)
  .output(ZCompletePasswordResetResponse)
  .mutation(({ input }) => completePasswordReset(input));
