import { z } from "zod";

export const ZRemoveMemberRequest = z.strictObject({ userId: z.uuid() });
export const ZRemoveMemberResponse = z.object({
  userId: z.uuid(),
  /** How many of their API keys of this organization were revoked with the membership. */
  revokedKeys: z.number().int().nonnegative(),
});

export type TRemoveMemberRequest = z.infer<typeof ZRemoveMemberRequest>;
