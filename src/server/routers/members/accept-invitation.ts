import { ZAcceptInvitationRequest, ZAcceptInvitationResponse } from "@/contracts/members/accept-invitation";
import { acceptInvitation as acceptInvitationService } from "@/server/services/members/accept-invitation";
import { openProcedure } from "@/server/trpc/procedures";

/** Console, no sign-in: joins as a new account or an existing one; the page then signs in. */
export const acceptInvitation = openProcedure
  .input(ZAcceptInvitationRequest)
  .output(ZAcceptInvitationResponse)
  .mutation(({ ctx, input }) =>
    acceptInvitationService(input, { forwardedFor: ctx.req.headers.get("x-forwarded-for") }),
  );
