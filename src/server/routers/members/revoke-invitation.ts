import { ZRevokeInvitationRequest, ZRevokeInvitationResponse } from "@/contracts/members/revoke-invitation";
import { revokeInvitation as revokeInvitationService } from "@/server/services/members/revoke-invitation";
import { consoleProcedure } from "@/server/trpc/procedures";

export const revokeInvitation = consoleProcedure
  .input(ZRevokeInvitationRequest)
  .output(ZRevokeInvitationResponse)
  .mutation(({ ctx, input }) => revokeInvitationService(ctx.actor, input));
