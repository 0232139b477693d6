import { ZReadInvitationRequest, ZReadInvitationResponse } from "@/contracts/partner/activate-invitation";
import { readInvitation as readInvitationService } from "@/server/services/partner/invitations/read-invitation";
import { openProcedure } from "@/server/trpc/procedures";

/** Console (no sign-in): what an activation link is, for the activation page. */
export const readInvitation = openProcedure
  .input(ZReadInvitationRequest)
  .output(ZReadInvitationResponse)
  .query(({ input }) => readInvitationService(input.token));
