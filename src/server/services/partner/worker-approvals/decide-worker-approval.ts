import type { TLeaseActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { isUuid } from "@/contracts/common/ids";
import { workerActorFor } from "@/server/services/partner/leases/worker-actor";
import { decideApproval, type TDecideApprovalOptions } from "@/server/services/sessions/decide-approval";

type TDecided = Awaited<ReturnType<typeof decideApproval>>;

/**
 * A turn approval decided as the lease's worker: the 4.2 service itself with the worker as the
 * person, so visibility (404), the approval rule (403) and conflicts (409) are the same.
 */
export async function decideWorkerSessionApproval(lease: TLeaseActor, o: TDecideApprovalOptions): Promise<TDecided> {
  const actor = await workerActorFor(lease);
  return decideApproval(actor, o);
}

/**
 * A flow run's approval step decided as the lease's worker. The step parks the run's session on
 * an ordinary approval (flow.approval), so the run resolves to its session in the lease's
 * customer and the same service decides it.
 */
export async function decideWorkerRunApproval(
  lease: TLeaseActor,
  o: Omit<TDecideApprovalOptions, "sessionId" | "callerCredentials"> & { runId: string },
): Promise<TDecided> {
  const actor = await workerActorFor(lease);
  if (!isUuid(o.runId)) throw notFound("run");
  const run = await db().flowRun.findFirst({
    where: { id: o.runId, organizationId: actor.orgId },
    select: { sessionId: true },
  });
  if (!run) throw notFound("run");
  const { runId: _runId, ...decision } = o;
  return decideApproval(actor, { ...decision, sessionId: run.sessionId }).catch((error: unknown) => {
    // The session is the run's inner detail: a run the worker cannot see is a missing run.
    if ((error as { code?: string }).code === "NOT_FOUND") throw notFound("run");
    throw error;
  });
}
