import { z } from "zod";

/** Change the name shown for you in the console and the audit log (console, /settings/account). */
export const ZRenameSelfRequest = z.strictObject({
  name: z.string().trim().min(1, "must not be blank").max(100, "must be at most 100 characters"),
});

export const ZRenameSelfResponse = z.object({ name: z.string() });

export type TRenameSelfRequest = z.infer<typeof ZRenameSelfRequest>;
export type TRenameSelfResponse = z.infer<typeof ZRenameSelfResponse>;
