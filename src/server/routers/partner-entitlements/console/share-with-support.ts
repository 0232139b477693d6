import { ZShareWithSupportRequest, ZSupportGrantView } from "@/contracts/support/support-grants";
import { shareWithSupport as shareWithSupportService } from "@/server/services/partner/support/support-grants";
import { consoleProcedure } from "@/server/trpc/procedures";

/** "Share with support" on a session page (organizations a partner provisioned). */
export const shareWithSupport = consoleProcedure
  .input(ZShareWithSupportRequest)
  .output(ZSupportGrantView)
  .mutation(({ ctx, input }) => shareWithSupportService(ctx.actor, input));
