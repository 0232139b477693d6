import type { TStartTurnResponse } from "@/contracts/assistant/start-turn";
import { db } from "@/server/db/client";
import { idempotentCall } from "@/server/idempotency/idempotent-call";
import { readWorker, type TWorkerTarget } from "@/server/services/assistant/workers/read-worker";
import { queueWorkerTurn } from "./queue-worker-turn";

/** POST /workers/{w}/turns: a turn whose input is the platform's instruction, never shown as a message (202). */
export async function startWorkerTurn(
  o: TWorkerTarget & { idempotencyKey: string | null; instruction: string },
): Promise<{ body: TStartTurnResponse; replayed: boolean }> {
  const worker = await readWorker(o);
  return idempotentCall<TStartTurnResponse>({
    orgId: o.orgId,
    scope: `assistant.turns:${worker.id}`,
    key: o.idempotencyKey,
    request: { instruction: o.instruction },
    status: 202,
    execute: (record) =>
      db().$transaction(async (tx) => {
        const { turnId } = await queueWorkerTurn(tx, worker, { text: o.instruction, instruction: true });
        const body: TStartTurnResponse = { turn_id: turnId, status: "queued" };
        await record?.(tx, body);
        return body;
      }),
  });
}
