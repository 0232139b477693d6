import { ZRemoveMemberRequest, ZRemoveMemberResponse } from "@/contracts/members/remove-member";
import { removeMember as removeMemberService } from "@/server/services/members/remove-member";
import { consoleProcedure } from "@/server/trpc/procedures";

export const removeMember = consoleProcedure
  .input(ZRemoveMemberRequest)
  .output(ZRemoveMemberResponse)
  .mutation(({ ctx, input }) => removeMemberService(ctx.actor, input));
