import { z } from "zod";
import { ZIsoDateTime, ZUuid } from "@/contracts/common/ids";

/** Lifecycle filter of the console's session list. */
export const ZSessionListStatus = z.enum(["active", "archived", "all"]);

/** Where a turn of the session stands (same values as the session details' `state`). */
export const ZSessionRunState = z.enum(["idle", "running", "suspended", "failed"]);

/** One row of the console's session list. */
export const ZSessionSummary = z.object({
  id: ZUuid,
  title: z.string(),
  kind: z.enum(["domain", "personal"]),
  origin: z.enum(["api", "console", "mcp", "trigger"]),
  /** A console test run of the unpublished draft (its session pins a negative revision). */
  testRun: z.boolean(),
  domain: z.object({ id: ZUuid, name: z.string() }),
  agent: z.object({ id: ZUuid, name: z.string() }),
  owner: z.object({ userId: ZUuid, name: z.string(), isYou: z.boolean() }).nullable(),
  state: ZSessionRunState,
  outcome: z.string().nullable(),
  archived: z.boolean(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TSessionSummary = z.infer<typeof ZSessionSummary>;

/** Session titles as people type them: trimmed, 1-120 characters. */
export const ZSessionTitle = z.string().trim().min(1, "must not be blank").max(120, "must be at most 120 characters");

/** A free-text outcome such as "resolved"; null or blank clears it. */
export const ZSessionOutcome = z
  .string()
  .trim()
  .max(200, "must be at most 200 characters")
  .nullable()
  .transform((value) => (value ? value : null));
