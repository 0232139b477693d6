import { z } from "zod";
import { ZCallerCredentials } from "@/contracts/common/caller-credentials";
import { routeMeta } from "@/contracts/common/meta";
import { ZSessionMessageText } from "./common";

export const openSessionMeta = routeMeta({
  examples: {
    request: { message: "Summarise yesterday's support tickets." },
    response: {
      sessionId: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b",
      executionId: "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e",
    },
  },
  idempotency: "optional",
  surface: "v1",
  method: "POST",
  path: "/agents/{automationId}/sessions",
  summary: "Open a session on a published agent",
  description:
    "Opens a domain session on the agent's published revision (the session keeps that revision for all its turns) and queues its first turn. 202 means accepted, not completed: follow the stream or read the session. `callerCredentials` apply to the first turn only.",
  tags: ["Agent sessions"],
  security: ["apiKey"],
  successStatus: 202,
  errors: {
    400: "Unknown or invalid fields (VALIDATION).",
    403: "The key owner's role in the agent's domain does not allow running agents (FORBIDDEN).",
    404: "Missing or invalid personal key; no published agent with this id that the key owner can see; the id names a flow (NOT_FOUND).",
  },
});

export const ZOpenSessionRequest = z.strictObject({
  automationId: z.string().meta({ description: "The agent's id (UUID)." }),
  message: ZSessionMessageText,
  callerCredentials: ZCallerCredentials.optional(),
});
export type TOpenSessionRequest = z.infer<typeof ZOpenSessionRequest>;

export const ZOpenSessionResponse = z
  .object({
    sessionId: z.uuid().meta({ description: "The new session." }),
    executionId: z.uuid().meta({ description: "The queued first turn." }),
  })
  .meta({ id: "SessionOpened" });
export type TOpenSessionResponse = z.infer<typeof ZOpenSessionResponse>;
