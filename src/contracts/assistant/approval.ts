import { z } from "zod";
import { ZIsoDateTime, ZUuid } from "@/contracts/common/ids";
import { ZActionClass } from "./actions";

/** The approval of an `ask` action, as GET /approvals returns it and `approval.requested` carries it (spec 4.8). */
export const ZAssistantApproval = z
  .object({
    id: ZUuid,
    action_id: ZUuid.meta({ description: "The action's id, as every `action.recorded` event of it carries." }),
    action: ZActionClass,
    preview: z.string().meta({ description: "One line a person can read: the tool and its arguments, shortened." }),
    args: z.record(z.string(), z.unknown()).meta({
      description: "The arguments the action runs with: the proposed ones, or `edited_args` once approved with them.",
    }),
    state: z.enum(["pending", "decided", "expired"]),
    decision: z.enum(["approve", "reject", "instruction"]).nullable().meta({
      description: "How it was decided; `instruction` sent it back for revision. Null while pending or expired.",
    }),
    number: z.number().int().min(1).meta({
      description:
        "The worker's approvals are numbered 1, 2, ... in the order they were requested; a number never changes.",
    }),
    requested_at: ZIsoDateTime,
    expires_at: ZIsoDateTime.meta({
      description: "Decide before this; afterwards the approval expires and the action is dropped.",
    }),
    decided_at: ZIsoDateTime.nullable(),
  })
  .meta({ id: "AssistantApproval" });
export type TAssistantApproval = z.infer<typeof ZAssistantApproval>;
