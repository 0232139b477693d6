import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZPolicy } from "./policy";
import { ASSISTANT_401, ASSISTANT_IDEMPOTENCY_409, ASSISTANT_WORKER_404, ZWorkerPath } from "./worker";

export const putPolicyMeta = routeMeta({
  idempotency: "optional",
  surface: "partner-v1",
  examples: { request: { rules: [{ action: "email.send", mode: "never" }], approval_ttl: "PT30M" } },
  method: "PUT",
  path: "/organizations/{orgId}/workers/{w}/policy",
  summary: "Set an assistant worker's action policy",
  description:
    "Replaces the worker's policy: for each action class (`email.send`, `calendar.write`, `calendar.accept`, `inbox.tidy`, `message.send`, `purchase`, or `*` for all) whether the assistant's actions of it are refused before they run (`never`), wait for the end user's approval (`ask`) or run (`allow`). A rule for the class itself outranks `*`; among equal rules the strictest wins; a class no rule names asks. `approval_ttl` (PT1M to P30D) is how long each new approval waits before it expires. Applies to actions proposed from now on. A worker that never had a policy follows `{ rules: [{ action: '*', mode: 'ask' }], approval_ttl: 'P1D' }`.",
  tags: ["Assistant workers"],
  security: ["partnerKey"],
  successStatus: 204,
  errors: {
    400: "An unknown action or mode, an approval_ttl that is no duration or outside PT1M-P30D, or unknown fields (VALIDATION).",
    401: ASSISTANT_401,
    404: ASSISTANT_WORKER_404,
    409: ASSISTANT_IDEMPOTENCY_409,
  },
});

export const ZPutPolicyRequest = z.strictObject({ ...ZWorkerPath, ...ZPolicy.shape });
export type TPutPolicyRequest = z.infer<typeof ZPutPolicyRequest>;

export const ZPutPolicyResponse = z.void();
