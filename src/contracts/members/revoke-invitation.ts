import { z } from "zod";

export const ZRevokeInvitationRequest = z.strictObject({ id: z.uuid() });
export const ZRevokeInvitationResponse = z.object({ id: z.uuid(), revokedAt: z.string() });

export type TRevokeInvitationRequest = z.infer<typeof ZRevokeInvitationRequest>;
