import { z } from "zod";
import { ZAcceptInvitationResponse } from "./accept-invitation";
import { ZInvitationLinkToken } from "./read-invitation";

/** Joining while signed in as the invited address: one click, the session proves who it is. */
export const ZJoinInvitationRequest = z.strictObject({ token: ZInvitationLinkToken });
export const ZJoinInvitationResponse = ZAcceptInvitationResponse;

export type TJoinInvitationRequest = z.infer<typeof ZJoinInvitationRequest>;
