import { ZJoinInvitationRequest, ZJoinInvitationResponse } from "@/contracts/members/join-invitation";
import { joinInvitation as joinInvitationService } from "@/server/services/members/join-invitation";
import { signedInProcedure } from "@/server/trpc/procedures";

/** Signed in as the invited address (any organization selected or none): joins with one click. */
export const joinInvitation = signedInProcedure
  .input(ZJoinInvitationRequest)
  .output(ZJoinInvitationResponse)
  .mutation(({ ctx, input }) => joinInvitationService(ctx.session, input));
