import type { TTransaction } from "@/server/db/client";
import {
  queueFollowUp as queueFollowUpTurn,
  queueTurn as queueNextTurn,
  type TQueueHooks,
  type TQueueTurnOptions,
} from "@/server/execution/queue-turn-system";
import { createCallerGrant } from "@/server/services/caller-credentials/grants";
import { assertAutomationsEnabled } from "@/server/services/partner/entitlements/disabled-automations";
import { SETTLE_HOOKS } from "./settle-hooks";

export type { TQueueTurnOptions };

/** What the product areas do when a turn starts (execution/queue-turn-system.ts says when). */
const QUEUE_HOOKS: TQueueHooks & typeof SETTLE_HOOKS = {
  ...SETTLE_HOOKS,
  admit: (tx, automationId) => assertAutomationsEnabled([automationId], tx),
  storeGrant: createCallerGrant,
};

/** The next turn of an existing session (execution/queue-turn-system.ts), with the product hooks. */
export function queueTurn(
  tx: TTransaction,
  options: TQueueTurnOptions,
): Promise<{ turnId: string; messageId: string }> {
  return queueNextTurn(tx, options, QUEUE_HOOKS);
}

/** A message on a conversation that may be busy (execution/queue-turn-system.ts), with the product hooks. */
export function queueFollowUp(
  tx: TTransaction,
  options: Omit<TQueueTurnOptions, "turnId" | "waiting">,
): Promise<{ turnId: string; messageId: string; waiting: boolean }> {
  return queueFollowUpTurn(tx, options, QUEUE_HOOKS);
}
