import { ZActivateInvitationRequest, ZActivateInvitationResponse } from "@/contracts/partner/activate-invitation";
import { activateInvitation as activateInvitationService } from "@/server/services/partner/invitations/activate-invitation";
import { openProcedure } from "@/server/trpc/procedures";

/** Console (no sign-in): the owner sets their email and password; the page then signs them in. */
export const activateInvitation = openProcedure
  .input(ZActivateInvitationRequest)
  .output(ZActivateInvitationResponse)
  .mutation(({ input }) => activateInvitationService(input));
