import { ZDisableMemberRequest, ZDisableMemberResponse } from "@/contracts/members/disable-member";
import { disableMember as disableMemberService } from "@/server/services/members/disable-member";
import { consoleProcedure } from "@/server/trpc/procedures";

export const disableMember = consoleProcedure
  .input(ZDisableMemberRequest)
  .output(ZDisableMemberResponse)
  .mutation(({ ctx, input }) => disableMemberService(ctx.actor, input));
