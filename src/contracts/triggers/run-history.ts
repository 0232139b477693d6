import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";

// Run history (issue 5): firings of a trigger with per-subscriber outcomes, and the firings an
// agent or flow took part in. Console only (tRPC, cookie). Ids and codes, never material.

export const ZSubscriberOutcome = z.enum(["started", "skipped", "failed"]);
export type TSubscriberOutcome = z.infer<typeof ZSubscriberOutcome>;
export const ZFiringSource = z.enum(["api", "schedule", "event", "manual"]);

const PAGE = {
  outcome: ZSubscriberOutcome.optional(),
  limit: z.number().int().min(1).max(100).default(20),
  /** Cursor: only firings created before this instant (the previous page's `nextBefore`). */
  before: z.iso.datetime({ offset: true }).optional(),
};

export const ZTriggerHistoryRequest = z.strictObject({ triggerId: ZUuid, ...PAGE });
export type TTriggerHistoryRequest = z.input<typeof ZTriggerHistoryRequest>;

export const ZAutomationHistoryRequest = z.strictObject({ automationId: ZUuid, ...PAGE });
export type TAutomationHistoryRequest = z.input<typeof ZAutomationHistoryRequest>;

export const ZFiringResultEntry = z.object({
  automationId: ZUuid,
  /** null when the automation was deleted since. */
  name: z.string().nullable(),
  kind: z.enum(["agent", "flow"]).nullable(),
  outcome: ZSubscriberOutcome,
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  sessionId: ZUuid.nullable(),
  flowRunId: ZUuid.nullable(),
});
export type TFiringResultEntry = z.infer<typeof ZFiringResultEntry>;

export const ZFiringEntry = z.object({
  id: ZUuid,
  source: ZFiringSource,
  createdAt: z.string(),
  scheduledFor: z.string().nullable(),
  actor: z.object({ userId: ZUuid, name: z.string() }).nullable(),
  /** Supplied callerCredentials integration ids that no subscriber used (diagnostic). */
  unusedIntegrationIds: z.array(z.string()),
  results: z.array(ZFiringResultEntry),
});
export type TFiringEntry = z.infer<typeof ZFiringEntry>;

export const ZTriggerHistoryResponse = z.object({ firings: z.array(ZFiringEntry), nextBefore: z.string().nullable() });
export type TTriggerHistoryResponse = z.infer<typeof ZTriggerHistoryResponse>;

export const ZAutomationRunEntry = ZFiringResultEntry.extend({
  firingId: ZUuid,
  triggerId: ZUuid,
  triggerName: z.string(),
  source: ZFiringSource,
  createdAt: z.string(),
});
export type TAutomationRunEntry = z.infer<typeof ZAutomationRunEntry>;

export const ZAutomationHistoryResponse = z.object({
  runs: z.array(ZAutomationRunEntry),
  nextBefore: z.string().nullable(),
});
export type TAutomationHistoryResponse = z.infer<typeof ZAutomationHistoryResponse>;
