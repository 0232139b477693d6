import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { ZSessionOutcome, ZSessionTitle } from "./session-summary";

/** Rename, archive, delete and outcome: only those who may manage the session (canManage). */
export const ZRenameSessionRequest = z.strictObject({ sessionId: ZUuid, title: ZSessionTitle });
export const ZArchiveSessionRequest = z.strictObject({ sessionId: ZUuid, archived: z.boolean() });
export const ZDeleteSessionRequest = z.strictObject({ sessionId: ZUuid });
export const ZSetSessionOutcomeRequest = z.strictObject({ sessionId: ZUuid, outcome: ZSessionOutcome });

export type TRenameSessionRequest = z.infer<typeof ZRenameSessionRequest>;
export type TArchiveSessionRequest = z.infer<typeof ZArchiveSessionRequest>;
export type TDeleteSessionRequest = z.infer<typeof ZDeleteSessionRequest>;
export type TSetSessionOutcomeRequest = z.output<typeof ZSetSessionOutcomeRequest>;

export const ZManagedSessionResponse = z.object({
  id: ZUuid,
  title: z.string(),
  outcome: z.string().nullable(),
  archived: z.boolean(),
});
export type TManagedSessionResponse = z.infer<typeof ZManagedSessionResponse>;

export const ZDeleteSessionResponse = z.object({ ok: z.literal(true) });
