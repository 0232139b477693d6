import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ASSISTANT_401, ASSISTANT_IDEMPOTENCY_409, ASSISTANT_WORKER_404, ZWorkerPath } from "./worker";

export const deleteWorkerMeta = routeMeta({
  idempotency: "optional",
  surface: "partner-v1",
  method: "DELETE",
  path: "/organizations/{orgId}/workers/{w}",
  summary: "Erase and retire an assistant worker, or revoke a named worker",
  description:
    "Two operations share this path; the id says which. An assistant worker's `worker_ref` (spec 4.8): erases the worker's conversation (its session with every message, turn, tool call, approval and event), memory, connections and files, then retires it (its email and external_ref are cleared), in one transaction. Afterwards every route answers 404 for it; a replay of this call with the same Idempotency-Key answers 204 again. A named worker's mapping id (spec 4.7): removes the mapping, the worker's domain and organization memberships in that customer, disables the person the mapping created, and deletes the worker's leases, in one transaction (history the worker wrote stays).",
  tags: ["Assistant workers", "Workers"],
  security: ["partnerKey"],
  successStatus: 204,
  errors: { 401: ASSISTANT_401, 404: ASSISTANT_WORKER_404, 409: ASSISTANT_IDEMPOTENCY_409 },
});

export const ZDeleteWorkerRequest = z.strictObject(ZWorkerPath);
export type TDeleteWorkerRequest = z.infer<typeof ZDeleteWorkerRequest>;

export const ZDeleteWorkerResponse = z.void();
