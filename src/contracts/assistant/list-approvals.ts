import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { zQueryInteger } from "@/contracts/common/query";
import { ZAssistantApproval } from "./approval";
import { ASSISTANT_401, ASSISTANT_WORKER_404, ZWorkerPath } from "./worker";

export const APPROVALS_PAGE_DEFAULT = 50;
export const APPROVALS_PAGE_MAX = 100;

export const listApprovalsMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    response: {
      items: [
        {
          id: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e",
          action_id: "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e",
          action: "email.send",
          preview: "Send email to jane@customer.example: Your refund is on its way",
          args: { to: "jane@customer.example", subject: "Your refund" },
          state: "pending",
          decision: null,
          number: 1,
          requested_at: "2026-03-14T09:30:00.000Z",
          expires_at: "2026-03-14T10:00:00.000Z",
          decided_at: null,
        },
      ],
    },
  },
  method: "GET",
  path: "/organizations/{orgId}/workers/{w}/approvals",
  summary: "List an assistant worker's approvals",
  description:
    "Pending approvals first, then the others; oldest first within each. `state` keeps one state. `limit` defaults to 50, at most 100. Each approval's `action_id` matches the `action.recorded` events of its action, and its `number` is the one its `approval.requested` carried.",
  tags: ["Assistant workers"],
  security: ["partnerKey"],
  successStatus: 200,
  errors: {
    400: "An unknown `state` or an invalid `limit` (VALIDATION).",
    401: ASSISTANT_401,
    404: ASSISTANT_WORKER_404,
  },
});

export const ZListApprovalsRequest = z.strictObject({
  ...ZWorkerPath,
  state: z.enum(["pending", "decided", "expired"]).optional().meta({ description: "Only approvals in this state." }),
  limit: zQueryInteger({
    min: 1,
    max: APPROVALS_PAGE_MAX,
    default: APPROVALS_PAGE_DEFAULT,
    description: "Approvals per page, 1-100 (default 50).",
  }),
});
export type TListApprovalsRequest = z.infer<typeof ZListApprovalsRequest>;

export const ZListApprovalsResponse = z
  .object({ items: z.array(ZAssistantApproval) })
  .meta({ id: "AssistantApprovalList" });
export type TListApprovalsResponse = z.infer<typeof ZListApprovalsResponse>;
