import { isUuid } from "@/contracts/common/ids";
import { db, type TTransaction } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { readFollower } from "@/server/services/partner/follower-access";

/** What every worker route names: the platform (from its key), the path and the X-Service-Subject header. */
export type TWorkerTarget = { platformId: string; orgId: string; workerRef: string; subject: string | null };

export type TActiveWorker = { id: string; organizationId: string; externalRef: string; sessionId: string | null };

/**
 * The path's worker, or the one uniform 404 for everything else: another platform's customer,
 * an unknown, retired or other-organization worker, and a sent `X-Service-Subject` that names
 * another worker (spec 4.8). The subject names a worker by its worker_ref or its external_ref.
 */
export async function readWorker(target: TWorkerTarget, tx: TTransaction = db()): Promise<TActiveWorker> {
  await readFollower(target.platformId, target.orgId, tx);
  if (!isUuid(target.workerRef)) throw notFound();
  const worker = await tx.assistantWorker.findFirst({
    where: { id: target.workerRef, organizationId: target.orgId, status: "ACTIVE" },
    select: { id: true, organizationId: true, externalRef: true, sessionId: true },
  });
  if (!worker) throw notFound();
  if (target.subject !== null && target.subject !== worker.id && target.subject !== worker.externalRef)
    throw notFound();
  return worker;
}

/**
 * Locks the active worker's row until the caller's transaction ends and reads its conversation
 * then: posting (which may start the conversation) and erasing serialize on this lock. 404 when
 * the worker was retired meanwhile.
 */
export async function lockWorker(tx: TTransaction, workerId: string): Promise<{ sessionId: string | null }> {
  const [row] = await tx.$queryRaw<Array<{ sessionId: string | null }>>`
    SELECT "sessionId"::text AS "sessionId" FROM "assistant_workers" WHERE "id" = ${workerId}::uuid AND "status" = 'ACTIVE' FOR UPDATE`;
  if (!row) throw notFound();
  return row;
}

/**
 * Whether the id is an assistant worker of the organization, active or retired: DELETE
 * /workers/{id} is shared with spec 4.7's named-worker mappings, and the id says which is meant.
 */
export async function isAssistantWorkerRef(orgId: string, id: string): Promise<boolean> {
  if (!isUuid(id) || !isUuid(orgId)) return false;
  return (await db().assistantWorker.count({ where: { id, organizationId: orgId } })) > 0;
}
