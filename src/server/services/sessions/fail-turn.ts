import type { TTransaction } from "@/server/db/client";
import { failTurnTx as settleFailedTurn, type TFailTurn } from "@/server/execution/fail-turn-system";
import { SETTLE_HOOKS } from "./settle-hooks";

export type { TFailTurn };

/** Fails a turn (execution/fail-turn-system.ts) with the product areas' settle hooks. */
export function failTurnTx(tx: TTransaction, options: TFailTurn): Promise<boolean> {
  return settleFailedTurn(tx, options, SETTLE_HOOKS);
}
