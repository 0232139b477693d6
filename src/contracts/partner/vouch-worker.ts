import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { PARTNER_401, SUSPENDED_403 } from "./lease";
import { WORKERS_404, ZPartnerPathId, ZVouchWorkerBody, ZWorkerMapping } from "./worker-mapping";

export const vouchWorkerMeta = routeMeta({
  surface: "partner-v1",
  method: "POST",
  path: "/organizations/{orgId}/workers",
  summary: "Vouch a named worker",
  description:
    "Creates the mapping of `partnerSubject` to a person in the customer with exactly the given domain roles (organization role Member, no password sign-in), or, when the subject is vouched already, updates its display name and replaces its domain memberships: an idempotent upsert answering 201 both times.",
  tags: ["Workers"],
  security: ["partnerKey"],
  successStatus: 201,
  errors: {
    400: "Unknown or invalid fields, a domain named twice, or a `domainRoles[i].domainId` that is no domain of this customer (VALIDATION).",
    401: PARTNER_401,
    403: SUSPENDED_403,
    404: WORKERS_404,
  },
});

export const ZVouchWorkerRequest = z.strictObject({ orgId: ZPartnerPathId, ...ZVouchWorkerBody });
export type TVouchWorkerRequest = z.infer<typeof ZVouchWorkerRequest>;

export const ZVouchWorkerResponse = ZWorkerMapping;
export type TVouchWorkerResponse = z.infer<typeof ZVouchWorkerResponse>;
