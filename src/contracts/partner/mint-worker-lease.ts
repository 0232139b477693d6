import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { routeMeta } from "@/contracts/common/meta";
import { LEASE_404, PARTNER_401, SUSPENDED_403, ZLease, ZPartnerSubject } from "./lease";

export const mintWorkerLeaseMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    request: {
      orgId: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e",
      appId: "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e",
      partnerSubject: "worker-8841",
    },
    response: {
      token: "yku_9f2c4e1a7b3d5f6e8a0c2b4d6f8e0a1c",
      expiresAt: "2026-03-14T10:30:00.000Z",
      orgId: "c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f",
      appId: "5f6a7b8c-9d0e-4f1a-a2b3-c4d5e6f7a8b9",
      partnerSubject: "worker-8841",
    },
  },
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
