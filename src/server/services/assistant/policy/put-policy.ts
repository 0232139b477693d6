import type { TPolicy } from "@/contracts/assistant/policy";
import type { TGetPolicyResponse } from "@/contracts/assistant/get-policy";
import { db } from "@/server/db/client";
import { idempotentCall } from "@/server/idempotency/idempotent-call";
import { readWorker, type TWorkerTarget } from "@/server/services/assistant/workers/read-worker";
import { policyOf } from "./resolve-policy";

/** PUT /workers/{w}/policy: replaces the worker's policy; actions proposed from now on follow it (204). */
export async function putWorkerPolicy(
  o: TWorkerTarget & { idempotencyKey: string | null; policy: TPolicy },
): Promise<{ replayed: boolean }> {
  const worker = await readWorker(o);
  const { replayed } = await idempotentCall<null>({
    orgId: o.orgId,
    scope: `assistant.policy:${worker.id}`,
    key: o.idempotencyKey,
    request: o.policy,
    status: 204,
    execute: (record) =>
      db().$transaction(async (tx) => {
        await tx.assistantWorker.update({
          where: { id: worker.id },
          data: { policy: { rules: o.policy.rules, approval_ttl: o.policy.approval_ttl } },
          select: { id: true },
        });
        await record?.(tx, null);
        return null;
      }),
  });
  return { replayed };
}

/** GET /workers/{w}/policy: the policy the worker follows, its own or the default. */
export async function readWorkerPolicy(o: TWorkerTarget): Promise<TGetPolicyResponse> {
  const worker = await readWorker(o);
  const { policy } = await db().assistantWorker.findUniqueOrThrow({
    where: { id: worker.id },
    select: { policy: true },
  });
  return { ...policyOf(policy), is_default: policy === null };
}
