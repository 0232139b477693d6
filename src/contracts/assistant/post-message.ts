import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZSessionMessageText } from "@/contracts/sessions/common";
import { ASSISTANT_401, ASSISTANT_WORKER_404, ZAssistantMessage, ZWorkerPath } from "./worker";

export const ASSISTANT_TURN_409 =
  "No assistant agent is configured (PUT /assistant-config `assistant_automation_id`), or the configured one is not a published agent of this organization (CONFLICT); or an idempotency conflict (IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_IN_PROGRESS).";

export const postMessageMeta = routeMeta({
  idempotency: "optional",
  surface: "partner-v1",
  examples: {
    request: { body: "Please draft a reply to the last customer email." },
    response: {
      id: "c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f",
      role: "user",
      body: "Please draft a reply to the last customer email.",
      created_at: "2026-03-14T09:30:00.000Z",
    },
  },
  method: "POST",
  path: "/organizations/{orgId}/workers/{w}/messages",
  summary: "Post a user message to an assistant worker",
  description:
    "Stores the end user's message and queues a turn of the configured assistant agent. The reply is appended asynchronously and announced by `message.created`; read it with GET /messages. Never refused because the conversation is busy: turns run one at a time, so a previous turn that no engine has started yet is cancelled (its `message.created` says `cancelled`) and the new turn answers both messages, and behind a turn running or waiting for an approval the new turn waits and answers when that one has settled.",
  tags: ["Assistant workers"],
  security: ["partnerKey"],
  successStatus: 201,
  errors: {
    400: "Unknown or invalid fields (VALIDATION).",
    401: ASSISTANT_401,
    403: "The customer's partner disabled the assistant agent (AUTOMATION_DISABLED).",
    404: ASSISTANT_WORKER_404,
    409: ASSISTANT_TURN_409,
  },
});

export const ZPostMessageRequest = z.strictObject({ ...ZWorkerPath, body: ZSessionMessageText });
export type TPostMessageRequest = z.infer<typeof ZPostMessageRequest>;

export const ZPostMessageResponse = ZAssistantMessage;
