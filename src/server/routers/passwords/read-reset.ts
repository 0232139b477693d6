import { ZReadPasswordResetRequest, ZReadPasswordResetResponse } from "@/contracts/passwords/read-reset";
import { readPasswordReset } from "@/server/services/passwords/read-reset";
import { openProcedure } from "@/server/trpc/procedures";

/** The reset page (no sign-in: the link is the credential): what the link is. */
export const readReset = openProcedure
  .input(ZReadPasswordResetRequest)
  .output(ZReadPasswordResetResponse)
  .query(({ input }) => readPasswordReset(input.token));
