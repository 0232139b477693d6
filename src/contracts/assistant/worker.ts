import { z } from "zod";
import { ZIsoDateTime, ZUuid } from "@/contracts/common/ids";

// Shared pieces of the assistant worker routes (spec 4.8): the path, the 404 and the Message.

export const ASSISTANT_401 = "Missing, invalid or revoked partner key, or a credential of another kind (UNAUTHORIZED).";
export const ASSISTANT_WORKER_404 =
  "No follower organization of this platform with this id; no active worker with this worker_ref in it (unknown, retired or another organization's); or an `X-Service-Subject` header that names another worker (NOT_FOUND, one uniform answer).";
export const ASSISTANT_IDEMPOTENCY_409 =
  "The Idempotency-Key was used with another body, or its first request is still running (IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_IN_PROGRESS with Retry-After).";

/** An id in a path: anything that names nothing of this platform is the uniform 404, never 400. */
export const ZAssistantPathId = z.string().meta({ description: "An id (UUID)." });

/** `{orgId}` and `{w}` of every worker route. */
export const ZWorkerPath = { orgId: ZAssistantPathId, w: ZAssistantPathId.meta({ description: "The worker_ref." }) };

export const ZAssistantMessage = z
  .object({
    id: ZUuid.meta({ description: "The message id (also the `before` cursor)." }),
    role: z.enum(["user", "assistant", "system"]).meta({
      description:
        "`user`: posted through POST /messages; `assistant`: the assistant's reply; `system`: the service's notice when a turn failed or was cancelled (the message of a failed or cancelled `message.created`). Instructions never appear.",
    }),
    body: z.string(),
    created_at: ZIsoDateTime,
  })
  .meta({ id: "AssistantMessage" });
export type TAssistantMessage = z.infer<typeof ZAssistantMessage>;
