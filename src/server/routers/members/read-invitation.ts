import { ZReadInvitationRequest, ZReadInvitationResponse } from "@/contracts/members/read-invitation";
import { readInvitation as readInvitationService } from "@/server/services/members/read-invitation";
import { openProcedure } from "@/server/trpc/procedures";

/** Console, no sign-in (the link is the credential): what an invitation link is, for its page. */
export const readInvitation = openProcedure
  .input(ZReadInvitationRequest)
  .output(ZReadInvitationResponse)
  .query(({ input }) => readInvitationService(input.token));
