import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { zQueryInteger } from "@/contracts/common/query";
import { LEASE_401 } from "./lease";
import { WORKER_APPROVALS_PAGE_DEFAULT, WORKER_APPROVALS_PAGE_MAX, ZWorkerApproval } from "./worker-approval";

export const listWorkerApprovalsMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    response: {
      items: [
        {
          id: "c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f",
          sessionId: "5f6a7b8c-9d0e-4f1a-a2b3-c4d5e6f7a8b9",
          runId: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b",
          executionId: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e",
          domainId: "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e",
          automation: { id: "c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f", name: "Support triage", kind: "agent" },
          toolName: "email.send",
          args: { to: "jane@customer.example", subject: "Your refund" },
          userRouted: true,
          requestedAt: "2026-03-14T09:30:00.000Z",
        },
      ],
      total: 1,
      limit: 1,
      offset: 0,
    },
  },
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
