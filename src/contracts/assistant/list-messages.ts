import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { zQueryInteger } from "@/contracts/common/query";
import { ASSISTANT_401, ASSISTANT_WORKER_404, ZAssistantMessage, ZWorkerPath } from "./worker";

export const MESSAGES_PAGE_DEFAULT = 50;
export const MESSAGES_PAGE_MAX = 100;

export const listMessagesMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    response: {
      items: [
        {
          id: "5f6a7b8c-9d0e-4f1a-a2b3-c4d5e6f7a8b9",
          role: "user",
          body: "Please draft a reply to the last customer email.",
          created_at: "2026-03-14T09:30:00.000Z",
        },
      ],
      next_cursor: "eyJpZCI6IjNlNGY1YTZiIn0",
    },
  },
  method: "GET",
  path: "/organizations/{orgId}/workers/{w}/messages",
  summary: "Page an assistant worker's conversation",
  description:
    "The newest messages (or those before `before`), oldest first within the page. `next_cursor` is the oldest message's id when older ones exist: pass it as `before` to page back; `null` on the first message. `limit` defaults to 50, at most 100.",
  tags: ["Assistant workers"],
  security: ["partnerKey"],
  successStatus: 200,
  errors: {
    400: "Invalid `limit`, or a `before` that is no message of this worker's conversation (VALIDATION).",
    401: ASSISTANT_401,
    404: ASSISTANT_WORKER_404,
  },
});

export const ZListMessagesRequest = z.strictObject({
  ...ZWorkerPath,
  before: z.string().optional().meta({ description: "A message id (a `next_cursor`): return the messages before it." }),
  limit: zQueryInteger({
    min: 1,
    max: MESSAGES_PAGE_MAX,
    default: MESSAGES_PAGE_DEFAULT,
    description: "Messages per page, 1-100 (default 50).",
  }),
});
export type TListMessagesRequest = z.infer<typeof ZListMessagesRequest>;

export const ZListMessagesResponse = z
  .object({ items: z.array(ZAssistantMessage), next_cursor: z.string().nullable() })
  .meta({ id: "AssistantMessagePage" });
export type TListMessagesResponse = z.infer<typeof ZListMessagesResponse>;
