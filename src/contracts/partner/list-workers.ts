import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { PARTNER_401 } from "./lease";
import { WORKERS_404, ZPartnerPathId, ZWorkerMapping } from "./worker-mapping";

export const listWorkersMeta = routeMeta({
  surface: "partner-v1",
  method: "GET",
  path: "/organizations/{orgId}/workers",
  summary: "List a customer's vouched workers",
  description: "The worker mappings of one customer, oldest first.",
  tags: ["Workers"],
  security: ["partnerKey"],
  successStatus: 200,
  errors: { 401: PARTNER_401, 404: WORKERS_404 },
});

export const ZListWorkersRequest = z.strictObject({ orgId: ZPartnerPathId });
export type TListWorkersRequest = z.infer<typeof ZListWorkersRequest>;

export const ZListWorkersResponse = z.object({ items: z.array(ZWorkerMapping) }).meta({ id: "WorkerMappingList" });
export type TListWorkersResponse = z.infer<typeof ZListWorkersResponse>;
