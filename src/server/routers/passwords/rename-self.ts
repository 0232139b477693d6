import { ZRenameSelfRequest, ZRenameSelfResponse } from "@/contracts/passwords/rename-self";
import { renameSelf as renameSelfService } from "@/server/services/passwords/rename-self";
import { signedInProcedure } from "@/server/trpc/procedures";

/** Console (/settings/account): the signed-in person's display name. */
export const renameSelf = signedInProcedure
  .input(ZRenameSelfRequest)
  .output(ZRenameSelfResponse)
  .mutation(({ ctx, input }) => renameSelfService(ctx.session.userId, input));
