import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { PARTNER_401 } from "./lease";
import { WORKERS_404, ZPartnerPathId, ZWorkerMapping } from "./worker-mapping";

export const listWorkersMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    response: {
      items: [
        {
          id: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b",
          partnerSubject: "worker-8841",
          displayName: "Jane Doe",
          userId: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e",
          domainRoles: [{ domainId: "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e", role: "owner" }],
          createdAt: "2026-03-14T09:30:00.000Z",
        },
      ],
    },
  },
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
