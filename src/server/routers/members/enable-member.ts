import { ZEnableMemberRequest, ZEnableMemberResponse } from "@/contracts/members/enable-member";
import { enableMember as enableMemberService } from "@/server/services/members/enable-member";
import { consoleProcedure } from "@/server/trpc/procedures";

export const enableMember = consoleProcedure
  .input(ZEnableMemberRequest)
  .output(ZEnableMemberResponse)
  .mutation(({ ctx, input }) => enableMemberService(ctx.actor, input));
