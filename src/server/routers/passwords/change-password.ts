import { ZChangePasswordRequest, ZChangePasswordResponse } from "@/contracts/passwords/change-password";
import { changePassword as changePasswordService } from "@/server/services/passwords/change-password";
import { signedInProcedure } from "@/server/trpc/procedures";

/** Console (/settings/account): the signed-in person changes their own password. */
export const changePassword = signedInProcedure
  .input(ZChangePasswordRequest)
  .output(ZChangePasswordResponse)
  .mutation(({ ctx, input }) => changePasswordService(ctx.session.userId, input));
