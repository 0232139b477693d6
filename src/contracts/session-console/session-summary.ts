import { z } from "zod";
import { ZIsoDateTime, ZUuid } from "@/contracts/common/ids";
import { SESSION_ORIGINS } from "@/contracts/sessions/session-details";

/** Lifecycle filter of the console's session list. */
export const ZSessionListStatus = z.enum(["active", "archived", "all"]);

/** Where a turn of the session stands (same values as the session details' `state`). */
export const ZSessionRunState = z.enum(["idle", "running", "suspended", "failed"]);

/**
 * The outcome of a session's last turn as run history shows it: a turn that completed while one
 * of its tool calls failed or was rejected is `tool_failed` / `rejected`, never a plain success.
 */
export const RUN_OUTCOMES = ["queued", "running", "waiting", "completed", "tool_failed", "rejected", "failed"] as const;
export const ZRunOutcome = z.enum(RUN_OUTCOMES);
export type TRunOutcome = z.infer<typeof ZRunOutcome>;

export const ZSessionOrigin = z.enum(SESSION_ORIGINS);
export type TSessionOrigin = z.infer<typeof ZSessionOrigin>;

/** The last turn (or a flow's run): its outcome, the code of what failed, and its timing. */
export const ZLastRun = z.object({
  outcome: ZRunOutcome,
  /** The turn's error code, or the failed tool call's (e.g. TOOL_DNS), or null. */
  errorCode: z.string().nullable(),
  /** The tool that failed or was rejected, when that is the outcome. */
  toolName: z.string().nullable(),
  startedAt: ZIsoDateTime.nullable(),
  finishedAt: ZIsoDateTime.nullable(),
  /** Run time of a finished turn, in milliseconds; null while it runs. */
  durationMs: z.number().int().nullable(),
});
export type TLastRun = z.infer<typeof ZLastRun>;

/** One row of the console's session list. */
export const ZSessionSummary = z.object({
  id: ZUuid,
  title: z.string(),
  kind: z.enum(["domain", "personal"]),
  origin: ZSessionOrigin,
  /** The trigger (origin trigger) or personal API key (origin api) it came from, while it exists. */
  startedVia: z.object({ kind: z.enum(["trigger", "api_key"]), id: ZUuid, name: z.string() }).nullable(),
  /** Whether an agent or a flow ran. */
  automationKind: z.enum(["agent", "flow"]),
  revision: z.int(),
  lastRun: ZLastRun.nullable(),
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
