import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { PARTNER_401 } from "./lease";
import { WORKERS_404, ZPartnerPathId } from "./worker-mapping";

export const revokeWorkerMeta = routeMeta({
  surface: "partner-v1",
  method: "DELETE",
  path: "/organizations/{orgId}/workers/{mappingId}",
  summary: "Revoke a named worker",
  description:
    "Removes the mapping, the worker's domain and organization memberships in that customer, disables the person the mapping created, and deletes the worker's leases, in one transaction: its leases stop working at once. History the worker wrote (decisions, messages) stays.",
  tags: ["Workers"],
  security: ["partnerKey"],
  successStatus: 204,
  errors: { 401: PARTNER_401, 404: WORKERS_404 },
});

export const ZRevokeWorkerRequest = z.strictObject({ orgId: ZPartnerPathId, mappingId: ZPartnerPathId });
export type TRevokeWorkerRequest = z.infer<typeof ZRevokeWorkerRequest>;

export const ZRevokeWorkerResponse = z.void();
