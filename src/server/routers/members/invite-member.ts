import { ZInviteMemberRequest, ZInviteMemberResponse } from "@/contracts/members/invite-member";
import { inviteMember as inviteMemberService } from "@/server/services/members/invite-member";
import { consoleProcedure } from "@/server/trpc/procedures";

export const inviteMember = consoleProcedure
  .input(ZInviteMemberRequest)
  .output(ZInviteMemberResponse)
  .mutation(({ ctx, input }) => inviteMemberService(ctx.actor, input));
