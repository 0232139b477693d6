import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { routeMeta } from "@/contracts/common/meta";
import { LEASE_404, PARTNER_401, SUSPENDED_403, ZLease, ZPartnerSubject } from "./lease";

export const mintWorkerLeaseMeta = routeMeta({
  surface: "partner-v1",
  method: "POST",
  path: "/worker-token",
  summary: "Mint a one-hour named-worker lease",
  description:
    "Mints a one-hour `ykt_` lease that acts as the named worker vouched under `partnerSubject` in that customer (worker approvals). It stops working at once when the worker's mapping is revoked. The token is shown once and stored only as a hash.",
  tags: ["Leases"],
  security: ["partnerKey"],
  successStatus: 200,
  errors: { 401: PARTNER_401, 403: SUSPENDED_403, 404: LEASE_404 },
});

export const ZMintWorkerLeaseRequest = z.strictObject({
  orgId: ZUuid.meta({ description: "The customer organization (a follower of this platform)." }),
  appId: ZUuid.meta({ description: "An unrevoked app of this platform." }),
  partnerSubject: ZPartnerSubject,
});
export type TMintWorkerLeaseRequest = z.infer<typeof ZMintWorkerLeaseRequest>;

export const ZMintWorkerLeaseResponse = ZLease;
export type TMintWorkerLeaseResponse = z.infer<typeof ZMintWorkerLeaseResponse>;
