import type { TSettleHooks } from "@/server/execution/settle-hooks";
import { onAssistantTurnSettled } from "@/server/services/assistant/conversation/on-turn-settled";
import { deleteCallerGrant } from "@/server/services/caller-credentials/grants";
import { announceTurn } from "@/server/services/webhook-endpoints/announce-turn";

/** What the product areas do when a turn settles (execution/settle-hooks.ts says when). */
export const SETTLE_HOOKS: TSettleHooks = {
  dropGrant: deleteCallerGrant,
  onSettled: onAssistantTurnSettled,
  announce: announceTurn,
};
