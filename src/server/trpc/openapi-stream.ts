import type { OpenAPIObject } from "trpc-to-openapi";
import {
  TENANT_400,
  TENANT_401,
  TENANT_403,
  TENANT_404,
  TENANT_PREFIX,
  TENANT_SECURITY,
} from "@/contracts/partner/tenant";

const ENVELOPE = { $ref: "#/components/schemas/ErrorEnvelope" };

const DESCRIPTION = [
  "Server-Sent Events of one session. Requires visibility only (the transcript is readable), not participation.",
  "The stream starts with `retry: 2000`, then a `snapshot` frame, then the session's events as they are logged; a `: heartbeat` comment is sent every 25 seconds.",
  "Each frame is `id: <seq>`, `event: <type>`, `data: <envelope>` where the envelope is `{ v: 1, sessionId, seq, ts, event, data }`.",
  "The snapshot's `data` is the session details object of `GET /agents/sessions/{sessionId}` (with `pendingApproval` and `pendingApprovalId`); its `seq` is the log's last seq, or the resume point.",
  "Reconnect with `Last-Event-ID` (or the `lastEventId` query parameter) to receive every event strictly after that seq, without gap or duplicate. An id beyond the log, or one that is not a seq, gets `stream.reset` followed by a fresh snapshot.",
  "Event types: snapshot, turn.started, message.delta, tool_call.started, tool_call.finished, caller_credential.failed, budget.failed, file.added, turn.suspended (with `approvalId` and the gated tool name), turn.completed, session.changed, stream.reset.",
].join("\n\n");

const V1_404 =
  "Missing or invalid personal key (a `yku_` token included), or no session with this id that the key owner can see (NOT_FOUND).";

/** Where a surface serves the stream, and what it adds to the v1 operation. */
type TStreamDoor = {
  path: string;
  operationId: string;
  security: string[];
  /** Parameters before the stream's own (the tenant route's `orgId` and `X-Service-Subject`). */
  parameters: unknown[];
  /** Answers besides 200 and 429. */
  refusals: Record<string, string>;
  description?: string;
};

const V1_STREAM: TStreamDoor = {
  path: "/agents/sessions/{sessionId}/stream",
  operationId: "agents-sessions-stream",
  security: ["apiKey"],
  parameters: [],
  refusals: { "404": V1_404 },
};

/** The partner tenant twin (src/server/http/tenant-session-stream-route.ts), given the subject header's parameter. */
export function tenantStreamDoor(subjectParameter: unknown): TStreamDoor {
  return {
    path: `${TENANT_PREFIX}${V1_STREAM.path}`,
    operationId: "tenant-sessions-stream",
    security: TENANT_SECURITY,
    parameters: [
      {
        name: "orgId",
        in: "path",
        required: true,
        description: "The customer organization's id (UUID).",
        schema: { type: "string" },
      },
      subjectParameter,
    ],
    refusals: {
      "400": TENANT_400,
      "401": TENANT_401,
      "403": TENANT_403,
      "404": `${TENANT_404} Or no session with this id that the subject can see.`,
    },
    description:
      "Same stream as `GET /api/v1/agents/sessions/{sessionId}/stream`, acting as the person `X-Service-Subject` names in the customer (visibility is theirs).",
  };
}

const envelopeAnswer = (description: string) => ({
  description,
  content: { "application/json": { schema: ENVELOPE } },
});

/** The SSE route is a plain route handler, so it is described here by hand (ARCHITECTURE rule 11). */
export function addSessionStreamOperation(document: OpenAPIObject, door: TStreamDoor = V1_STREAM): void {
  document.paths ??= {};
  document.paths[door.path] = {
    get: {
      operationId: door.operationId,
      summary: "Stream a session's events (SSE)",
      description: door.description ? `${door.description}\n\n${DESCRIPTION}` : DESCRIPTION,
      tags: ["Agent sessions"],
      security: door.security.map((name) => ({ [name]: [] })),
      parameters: [
        ...door.parameters,
        {
          name: "sessionId",
          in: "path",
          required: true,
          description: "The session's id (UUID).",
          schema: { type: "string" },
        },
        {
          name: "Last-Event-ID",
          in: "header",
          required: false,
          description: "Resume strictly after this seq.",
          schema: { type: "string" },
        },
        {
          name: "lastEventId",
          in: "query",
          required: false,
          description: "The same as the Last-Event-ID header, for clients that cannot set headers; the header wins.",
          schema: { type: "string" },
        },
        { name: "Accept", in: "header", required: false, schema: { type: "string", enum: ["text/event-stream"] } },
      ],
      responses: {
        "200": {
          description: "The event stream.",
          content: {
            "text/event-stream": {
              schema: {
                type: "string",
                description: "Frames `id: <seq>\\nevent: <type>\\ndata: { v, sessionId, seq, ts, event, data }\\n\\n`.",
              },
              example:
                'retry: 2000\n\nid: 3\nevent: snapshot\ndata: {"v":1,"sessionId":"<UUID>","seq":3,"ts":"<timestamp>","event":"snapshot","data":{"pendingApproval":null,"pendingApprovalId":null}}\n\n',
            },
          },
        },
        ...Object.fromEntries(Object.entries(door.refusals).map(([status, text]) => [status, envelopeAnswer(text)])),
        "429": {
          description:
            "Too many connects for this credential, organization or address (RATE_LIMITED): reconnect after `Retry-After` seconds.",
          headers: {
            "Retry-After": {
              description: "Seconds to wait before reconnecting.",
              schema: { type: "integer", minimum: 0 },
            },
          },
          content: { "application/json": { schema: ENVELOPE } },
        },
      },
    },
  } as never;
}
