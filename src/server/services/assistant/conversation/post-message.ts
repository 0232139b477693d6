import type { TAssistantMessage } from "@/contracts/assistant/worker";
import { db } from "@/server/db/client";
import { idempotentCall } from "@/server/idempotency/idempotent-call";
import { readWorker, type TWorkerTarget } from "@/server/services/assistant/workers/read-worker";
import { queueWorkerTurn } from "./queue-worker-turn";

/** POST /workers/{w}/messages: the end user's message, answered by a queued turn (201 with the message). */
export async function postWorkerMessage(
  o: TWorkerTarget & { idempotencyKey: string | null; body: string },
): Promise<{ body: TAssistantMessage; replayed: boolean }> {
  const worker = await readWorker(o);
  return idempotentCall<TAssistantMessage>({
    orgId: o.orgId,
    scope: `assistant.messages:${worker.id}`,
    key: o.idempotencyKey,
    request: { body: o.body },
    status: 201,
    execute: (record) =>
      db().$transaction(async (tx) => {
        const { message } = await queueWorkerTurn(tx, worker, { text: o.body, instruction: false });
        const body: TAssistantMessage = {
          id: message.id,
          role: "user",
          body: message.body,
          created_at: message.createdAt.toISOString(),
        };
        await record?.(tx, body);
        return body;
      }),
  });
}
