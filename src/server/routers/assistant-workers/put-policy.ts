import { putPolicyMeta, ZPutPolicyRequest, ZPutPolicyResponse } from "@/contracts/assistant/put-policy";
import { idempotencyKeyOf } from "@/server/idempotency/idempotency-key";
import { putWorkerPolicy } from "@/server/services/assistant/policy/put-policy";
import { partnerProcedure } from "@/server/trpc/procedures";
import { workerTarget } from "./worker-target";

export const putPolicy = partnerProcedure
  .meta(putPolicyMeta)
  .input(ZPutPolicyRequest)
  .output(ZPutPolicyResponse)
  .mutation(async ({ ctx, input }) => {
    const idempotencyKey = idempotencyKeyOf(ctx.req.headers, undefined);
    const outcome = await putWorkerPolicy({
      ...workerTarget(ctx, input),
      idempotencyKey,
      policy: { rules: input.rules, approval_ttl: input.approval_ttl },
    });
    if (outcome.replayed) ctx.resHeaders["Idempotency-Replayed"] = "true";
  });
