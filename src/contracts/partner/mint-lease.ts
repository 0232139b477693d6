import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { routeMeta } from "@/contracts/common/meta";
import { LEASE_404, PARTNER_401, SUSPENDED_403, ZLease } from "./lease";

export const mintLeaseMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    request: { orgId: "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e", appId: "c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f" },
    response: {
      token: "yku_9f2c4e1a7b3d5f6e8a0c2b4d6f8e0a1c",
      expiresAt: "2026-03-14T10:30:00.000Z",
      orgId: "5f6a7b8c-9d0e-4f1a-a2b3-c4d5e6f7a8b9",
      appId: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b",
      partnerSubject: "worker-8841",
    },
  },
  method: "POST",
  path: "/token",
  summary: "Mint a one-hour app lease",
  description:
    "Mints a one-hour `ykt_` lease for one of the platform's customers and apps: the platform acting in that customer (support-session reads). The token is shown once and stored only as a hash.",
  tags: ["Leases"],
  security: ["partnerKey"],
  successStatus: 200,
  errors: { 401: PARTNER_401, 403: SUSPENDED_403, 404: LEASE_404 },
});

export const ZMintLeaseRequest = z.strictObject({
  orgId: ZUuid.meta({ description: "The customer organization (a follower of this platform)." }),
  appId: ZUuid.meta({ description: "An unrevoked app of this platform." }),
});
export type TMintLeaseRequest = z.infer<typeof ZMintLeaseRequest>;

export const ZMintLeaseResponse = ZLease;
export type TMintLeaseResponse = z.infer<typeof ZMintLeaseResponse>;
