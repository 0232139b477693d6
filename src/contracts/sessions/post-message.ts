import { z } from "zod";
import { ZCallerCredentials } from "@/contracts/common/caller-credentials";
import { routeMeta } from "@/contracts/common/meta";
import { SESSION_404, ZSessionMessageText, ZSessionPathId } from "./common";

export const postMessageMeta = routeMeta({
  examples: {
    request: { message: "Only the ones marked urgent, please." },
    response: { executionId: "c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f" },
  },
  idempotency: "optional",
  surface: "v1",
  method: "POST",
  path: "/agents/sessions/{sessionId}/messages",
  summary: "Send a message and queue the next turn",
  description:
    "Appends the message and queues the next turn on the session's pinned revision. Allowed to the session's owner and to the domain's Operators, Editors and Owners. New `callerCredentials` belong only to this turn. Never refused because the session is busy: the message is stored at once and `executionId` names the turn that will answer it. Turns run one at a time: behind a running turn or one waiting for an approval the new turn waits and starts when that one settles; a queued turn not started yet is superseded (it fails with TURN_CANCELLED, its `turn.completed` names the new turn as `supersededBy`) and the new turn answers both messages.",
  tags: ["Agent sessions"],
  security: ["apiKey"],
  successStatus: 200,
  errors: {
    400: "Unknown or invalid fields (VALIDATION).",
    403: "The session is visible but the key owner may not send messages to it, or it is archived (SESSION_NOT_DRIVABLE).",
    404: SESSION_404,
    409: "The session is a flow run's: flows take their input when they start and accept no messages (CONFLICT).",
  },
});

export const ZPostMessageRequest = z.strictObject({
  sessionId: ZSessionPathId,
  message: ZSessionMessageText,
  callerCredentials: ZCallerCredentials.optional(),
});
export type TPostMessageRequest = z.infer<typeof ZPostMessageRequest>;

export const ZPostMessageResponse = z
  .object({ executionId: z.uuid().meta({ description: "The queued turn." }) })
  .meta({ id: "MessagePosted" });
export type TPostMessageResponse = z.infer<typeof ZPostMessageResponse>;
