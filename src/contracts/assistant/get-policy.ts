import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZPolicy } from "./policy";
import { ASSISTANT_401, ASSISTANT_WORKER_404, ZWorkerPath } from "./worker";

export const getPolicyMeta = routeMeta({
  surface: "partner-v1",
  examples: { response: { rules: [{ action: "email.send", mode: "never" }], approval_ttl: "PT30M", is_default: true } },
  method: "GET",
  path: "/organizations/{orgId}/workers/{w}/policy",
  summary: "Read an assistant worker's action policy",
  description: "The policy PUT /policy set, or the default a worker without one follows (`is_default: true`).",
  tags: ["Assistant workers"],
  security: ["partnerKey"],
  successStatus: 200,
  errors: { 401: ASSISTANT_401, 404: ASSISTANT_WORKER_404 },
});

export const ZGetPolicyRequest = z.strictObject(ZWorkerPath);

export const ZGetPolicyResponse = z
  .object({
    ...ZPolicy.shape,
    is_default: z
      .boolean()
      .meta({ description: "True when the worker has no policy of its own and follows the default." }),
  })
  .meta({ id: "AssistantPolicyRead" });
export type TGetPolicyResponse = z.infer<typeof ZGetPolicyResponse>;
