import type { TTransaction } from "@/server/db/client";
import type { TModelUsage } from "@/server/models/types";

/** One model step's usage as increments of its turn's counters (whole, never negative). */
export function usageIncrements(usage: TModelUsage) {
  return {
    inputTokens: { increment: Math.max(0, Math.round(usage.inputTokens)) },
    outputTokens: { increment: Math.max(0, Math.round(usage.outputTokens)) },
    costMicroUsd: { increment: BigInt(Math.max(0, Math.round(usage.costMicroUsd))) },
  };
}

/** Adds one model step's usage to its turn, inside the caller's transaction (the step's commit). */
export async function recordTurnUsage(tx: TTransaction, turnId: string, usage: TModelUsage): Promise<void> {
  await tx.turn.update({ where: { id: turnId }, data: usageIncrements(usage), select: { id: true } });
}
