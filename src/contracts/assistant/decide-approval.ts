import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { MESSAGE_MAX } from "@/contracts/sessions/common";
import { ZAssistantApproval } from "./approval";
import { ASSISTANT_401, ZAssistantPathId, ZWorkerPath } from "./worker";

const EDITED_ARGS = z.record(z.string(), z.unknown()).meta({
  description:
    "With `approve`: the arguments to run the action with instead of the proposed ones (a whole object, not a patch).",
});
const INSTRUCTION = z
  .string()
  .trim()
  .min(1, "must not be blank")
  .max(MESSAGE_MAX, `must be at most ${MESSAGE_MAX} characters`)
  .meta({ description: "Instead of a decision: what to change; the assistant revises and proposes the action again." });

/** The three bodies as the document states them (`oneOf`): what the wide schema below accepts. */
const ZDecideApprovalBody = z
  .union([
    z.strictObject({ decision: z.literal("approve"), edited_args: EDITED_ARGS.optional() }),
    z.strictObject({ decision: z.literal("reject") }),
    z.strictObject({ instruction: INSTRUCTION }),
  ])
  .meta({ id: "AssistantApprovalDecision" });

export const decideApprovalMeta = routeMeta({
  idempotency: "optional",
  documentedBody: ZDecideApprovalBody,
  surface: "partner-v1",
  examples: {
    request: { decision: "approve", edited_args: { to: "jane@customer.example", subject: "Your refund" } },
    response: {
      id: "c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f",
      action_id: "5f6a7b8c-9d0e-4f1a-a2b3-c4d5e6f7a8b9",
      action: "email.send",
      preview: "Send email to jane@customer.example: Your refund is on its way",
      args: { to: "jane@customer.example", subject: "Your refund" },
      state: "decided",
      decision: "approve",
      number: 1,
      requested_at: "2026-03-14T09:30:00.000Z",
      expires_at: "2026-03-14T10:00:00.000Z",
      decided_at: "2026-03-14T09:30:00.000Z",
    },
  },
  method: "POST",
  path: "/organizations/{orgId}/workers/{w}/approvals/{id}",
  summary: "Decide an assistant worker's approval",
  description:
    "`{ decision: 'approve', edited_args? }` runs the action on the engine (with `edited_args` instead of the proposed arguments when given); `{ decision: 'reject' }` cancels it; `{ instruction }` sends it back: the action is dropped and the assistant runs a turn on the instruction, proposing the revised action as a new approval. Answers the decided approval. The outcome of the action arrives as `action.recorded`.",
  tags: ["Assistant workers"],
  security: ["partnerKey"],
  successStatus: 200,
  errors: {
    400: "Neither or both of `decision` and `instruction`, `edited_args` without `approve`, or unknown fields (VALIDATION).",
    401: ASSISTANT_401,
    404: "The worker (as for every worker route) or this approval of it does not exist (NOT_FOUND).",
    409: "The approval was decided already or has expired (CONFLICT); or an idempotency conflict. An `instruction` while a turn of the worker runs is queued behind it, never refused.",
  },
});

export const ZDecideApprovalRequest = z
  .strictObject({
    ...ZWorkerPath,
    id: ZAssistantPathId.meta({ description: "The approval's id." }),
    decision: z.enum(["approve", "reject"]).optional(),
    edited_args: EDITED_ARGS.optional(),
    instruction: INSTRUCTION.optional(),
  })
  .superRefine((body, context) => {
    if ((body.decision === undefined) === (body.instruction === undefined)) {
      context.addIssue({
        code: "custom",
        path: ["decision"],
        message: "send exactly one of `decision` ('approve' or 'reject') and `instruction`",
      });
    }
    if (body.edited_args !== undefined && body.decision !== "approve") {
      context.addIssue({ code: "custom", path: ["edited_args"], message: "is only accepted with decision 'approve'" });
    }
  });
export type TDecideApprovalRequest = z.infer<typeof ZDecideApprovalRequest>;

export const ZDecideApprovalResponse = ZAssistantApproval;
