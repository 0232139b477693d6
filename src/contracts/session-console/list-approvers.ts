import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";

export const ZListApproversRequest = z.strictObject({ sessionId: ZUuid });
export type TListApproversRequest = z.infer<typeof ZListApproversRequest>;

/**
 * Who can decide the session's pending approval: the one person a user-routed call belongs to,
 * or the domain roles of the approval policy and the members holding them now (at most 20 named).
 */
export const ZListApproversResponse = z.object({
  pending: z.boolean(),
  userRouted: z.boolean(),
  roles: z.array(z.enum(["owner", "editor", "operator", "viewer"])),
  people: z.array(z.object({ userId: ZUuid, name: z.string(), isYou: z.boolean() })),
  /** Members holding those roles beyond the named ones. */
  morePeople: z.int(),
});
export type TListApproversResponse = z.infer<typeof ZListApproversResponse>;
