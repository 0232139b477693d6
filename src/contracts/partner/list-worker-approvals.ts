import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { zQueryInteger } from "@/contracts/common/query";
import { LEASE_401 } from "./lease";
import { WORKER_APPROVALS_PAGE_DEFAULT, WORKER_APPROVALS_PAGE_MAX, ZWorkerApproval } from "./worker-approval";

export const listWorkerApprovalsMeta = routeMeta({
  surface: "partner-v1",
  method: "GET",
  path: "/worker/approvals",
  summary: "List the approvals a named worker may decide",
  description:
    "The pending approvals in the lease's customer that the lease's worker may decide under the approval rule (its domain role is among the domain's approvers, or the call runs on its own caller credential), oldest first. `limit` defaults to 50, at most 100; `offset` skips that many; `total` counts them all.",
  tags: ["Worker approvals"],
  security: ["leaseToken"],
  successStatus: 200,
  errors: { 400: "`limit` outside 1-100, a negative `offset`, or an unknown parameter (VALIDATION).", 401: LEASE_401 },
});

export const ZListWorkerApprovalsRequest = z.strictObject({
  limit: zQueryInteger({
    min: 1,
    max: WORKER_APPROVALS_PAGE_MAX,
    default: WORKER_APPROVALS_PAGE_DEFAULT,
    description: "Page size, 1-100; default 50.",
  }),
  offset: zQueryInteger({ min: 0, default: 0, description: "How many to skip; default 0." }),
});
export type TListWorkerApprovalsRequest = z.infer<typeof ZListWorkerApprovalsRequest>;

export const ZListWorkerApprovalsResponse = z
  .object({
    items: z.array(ZWorkerApproval),
    total: z.number().int().min(0),
    limit: z.number().int().min(1).max(100),
    offset: z.number().int().min(0),
  })
  .meta({ id: "WorkerApprovalList" });
export type TListWorkerApprovalsResponse = z.infer<typeof ZListWorkerApprovalsResponse>;
