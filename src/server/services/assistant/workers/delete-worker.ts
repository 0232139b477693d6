import { db } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import { readFollower } from "@/server/services/partner/follower-access";
import { eraseWorkerConnections } from "@/server/services/assistant/connections/erase-worker-connections";
import { idempotentCall } from "@/server/idempotency/idempotent-call";
import { lockWorker, readWorker, type TWorkerTarget } from "./read-worker";

/**
 * DELETE /workers/{w}: erases what the worker holds, then retires it, in one transaction. Today
 * a worker holds one thing, its conversation: deleting the session cascades to its messages,
 * turns, tool calls, approvals, caller grants and events. Memory, connections and files join
 * this transaction when they exist (later issues). The retired row keeps only ids and dates:
 * email and external_ref are cleared, so nothing identifies the end user any more and the
 * external_ref is free for a new worker. Assistant events (the webhook log) stay: they carry ids,
 * never text, and the platform may still be paging or receiving them.
 * A replay with the same Idempotency-Key answers 204 again, although the worker is gone.
 */
export async function deleteWorker(
  target: TWorkerTarget & { idempotencyKey: string | null },
): Promise<{ replayed: boolean }> {
  await readFollower(target.platformId, target.orgId);
  const { replayed } = await idempotentCall<null>({
    orgId: target.orgId,
    scope: `assistant.workers.delete:${target.workerRef}`,
    key: target.idempotencyKey,
    request: { subject: target.subject },
    status: 204,
    execute: (record) =>
      db().$transaction(async (tx) => {
        const worker = await readWorker(target, tx);
        // A message posted meanwhile either committed before (and is erased here) or waits and finds the worker retired.
        const { sessionId } = await lockWorker(tx, worker.id);
        await tx.assistantWorker.update({
          where: { id: worker.id },
          data: {
            status: "RETIRED",
            retiredAt: new Date(),
            email: "",
            externalRef: `retired:${worker.id}`,
            sessionId: null,
            policy: Prisma.DbNull,
          },
          select: { id: true },
        });
        if (sessionId) await tx.agentSession.deleteMany({ where: { id: sessionId } });
        // Connections (sealed tokens) and open connect links go with the worker (spec 4.8).
        await eraseWorkerConnections(tx, worker.id);
        await record?.(tx, null);
        return null;
      }),
  });
  return { replayed };
}
