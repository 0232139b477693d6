import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZConnectionPath } from "./connections";
import { ASSISTANT_401, ASSISTANT_IDEMPOTENCY_409, ASSISTANT_WORKER_404 } from "./worker";

export const deleteConnectionMeta = routeMeta({
  idempotency: "optional",
  surface: "partner-v1",
  method: "DELETE",
  path: "/organizations/{orgId}/workers/{w}/connections/{provider}",
  summary: "Disconnect a worker's mail or calendar",
  description:
    "204, also when nothing was connected. Forgets the tokens, then revokes the grant at the provider where its preset has a revocation endpoint (Google, a generic provider with one); a failed revocation never fails the call. Accepts Idempotency-Key.",
  tags: ["Assistant connections"],
  security: ["partnerKey"],
  successStatus: 204,
  errors: {
    400: "A provider other than mail or calendar (VALIDATION).",
    401: ASSISTANT_401,
    404: ASSISTANT_WORKER_404,
    409: ASSISTANT_IDEMPOTENCY_409,
  },
});

export const ZDeleteConnectionRequest = z.strictObject(ZConnectionPath);
export const ZDeleteConnectionResponse = z.void();
