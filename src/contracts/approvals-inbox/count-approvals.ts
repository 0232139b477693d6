import { z } from "zod";

/** The side navigation's badge: how many approvals wait for the signed-in person. */
export const ZCountApprovalsRequest = z.strictObject({});
export type TCountApprovalsRequest = z.infer<typeof ZCountApprovalsRequest>;

export const ZCountApprovalsResponse = z.object({ pending: z.int() });
export type TCountApprovalsResponse = z.infer<typeof ZCountApprovalsResponse>;
