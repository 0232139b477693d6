import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZUuid } from "@/contracts/common/ids";
import { MESSAGE_MAX } from "@/contracts/sessions/common";
import { ASSISTANT_TURN_409 } from "./post-message";
import { ASSISTANT_401, ASSISTANT_WORKER_404, ZWorkerPath } from "./worker";

export const startTurnMeta = routeMeta({
  idempotency: "optional",
  surface: "partner-v1",
  examples: {
    request: { instruction: "Draft replies to this morning's unread customer emails." },
    response: { turn_id: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b", status: "queued" },
  },
  method: "POST",
  path: "/organizations/{orgId}/workers/{w}/turns",
  summary: "Run an assistant turn from an instruction",
  description:
    "Runs a turn now (follow-up, brief, undo): the assistant agent gets the instruction as the turn's input, but it is never shown as a user message (GET /messages leaves it out). The reply arrives as `message.created`. Queued like a message (never refused because the conversation is busy): it supersedes a turn not started yet and waits behind one running or waiting for an approval; `turn_id` names the turn that will answer.",
  tags: ["Assistant workers"],
  security: ["partnerKey"],
  successStatus: 202,
  errors: {
    400: "Unknown or invalid fields (VALIDATION).",
    401: ASSISTANT_401,
    403: "The customer's partner disabled the assistant agent (AUTOMATION_DISABLED).",
    404: ASSISTANT_WORKER_404,
    409: ASSISTANT_TURN_409,
  },
});

export const ZStartTurnRequest = z.strictObject({
  ...ZWorkerPath,
  instruction: z
    .string()
    .trim()
    .min(1, "must not be blank")
    .max(MESSAGE_MAX, `must be at most ${MESSAGE_MAX} characters`)
    .meta({ description: "What the assistant should do now, trimmed, 1-8,000 characters." }),
});
export type TStartTurnRequest = z.infer<typeof ZStartTurnRequest>;

export const ZStartTurnResponse = z
  .object({ turn_id: ZUuid, status: z.enum(["queued"]) })
  .meta({ id: "AssistantTurnQueued" });
export type TStartTurnResponse = z.infer<typeof ZStartTurnResponse>;
