import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { routeMeta } from "@/contracts/common/meta";
import { LEASE_404, PARTNER_401, SUSPENDED_403, ZLease } from "./lease";

export const mintLeaseMeta = routeMeta({
  surface: "partner-v1",
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
