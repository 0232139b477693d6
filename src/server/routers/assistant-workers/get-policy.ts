import { getPolicyMeta, ZGetPolicyRequest, ZGetPolicyResponse } from "@/contracts/assistant/get-policy";
import { readWorkerPolicy } from "@/server/services/assistant/policy/put-policy";
import { partnerProcedure } from "@/server/trpc/procedures";
import { workerTarget } from "./worker-target";

export const getPolicy = partnerProcedure
  .meta(getPolicyMeta)
  .input(ZGetPolicyRequest)
  .output(ZGetPolicyResponse)
  .query(({ ctx, input }) => readWorkerPolicy(workerTarget(ctx, input)));
