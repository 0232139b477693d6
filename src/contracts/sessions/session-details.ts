import { z } from "zod";
import { ZIsoDateTime } from "@/contracts/common/ids";

export const SESSION_STATES = ["idle", "running", "suspended", "failed"] as const;

export const ZSessionAuthor = z
  .object({
    userId: z.uuid(),
    name: z.string(),
    isYou: z.boolean().meta({ description: "Whether the author is the current caller." }),
  })
  .meta({ id: "SessionMessageAuthor" });

export const ZSessionMessage = z
  .object({
    id: z.uuid(),
    role: z.enum(["user", "assistant", "system"]),
    body: z.string(),
    executionId: z
      .uuid()
      .nullable()
      .meta({ description: "The turn the message started (user) or answered (assistant, system)." }),
    createdAt: ZIsoDateTime,
    author: ZSessionAuthor.nullable().meta({
      description: "The recorded author of a user message; null for machine and historical messages.",
    }),
  })
  .meta({ id: "SessionMessage" });

/** How an approval of a tool call was decided: the decision, its comment and who decided. */
export const ZToolCallDecision = z
  .object({
    decision: z.enum(["approved", "rejected"]),
    comment: z.string().nullable().meta({ description: "The decider's comment, as given with the decision." }),
    decidedBy: z
      .object({ userId: z.uuid(), name: z.string() })
      .nullable()
      .meta({ description: "The person who decided; null once they are deleted." }),
    decidedAt: ZIsoDateTime,
  })
  .meta({ id: "SessionToolCallDecision" });

/** Where a session came from (run history's "started by"). */
export const SESSION_ORIGINS = ["api", "console", "mcp", "trigger", "assistant", "flow"] as const;

export const ZToolCallView = z
  .object({
    id: z.uuid(),
    name: z.string().meta({ description: "Tool wire id." }),
    status: z.enum(["awaiting_approval", "running", "succeeded", "failed", "rejected"]),
    args: z.unknown().meta({ description: "Arguments as the model gave them; header values are redacted." }),
    result: z.unknown().meta({ description: "The tool's result (header values redacted), or null." }),
    errorCode: z.string().nullable(),
    errorMessage: z.string().nullable(),
    decision: ZToolCallDecision.nullable().meta({
      description: "The approval decision of a call that needed one, once decided; null otherwise.",
    }),
  })
  .meta({ id: "SessionToolCall" });

export const ZTurnView = z
  .object({
    executionId: z.uuid(),
    number: z.int(),
    status: z.enum(["queued", "running", "suspended", "completed", "failed"]),
    errorCode: z.string().nullable(),
    errorMessage: z.string().nullable(),
    createdAt: ZIsoDateTime,
    finishedAt: ZIsoDateTime.nullable(),
    usage: z
      .object({
        inputTokens: z.int().meta({ description: "Tokens sent to the model over every step of the turn." }),
        outputTokens: z.int().meta({ description: "Tokens the model wrote over every step of the turn." }),
        costUsd: z.number().meta({ description: "What the turn's model calls cost, in US dollars." }),
      })
      .meta({ description: "What the turn's model calls used so far (every step, the answer's included)." }),
    toolCalls: z.array(ZToolCallView),
  })
  .meta({ id: "SessionTurn" });

export const ZPendingApproval = z
  .object({
    id: z.uuid(),
    executionId: z.uuid(),
    toolCallId: z.uuid(),
    toolName: z.string(),
    args: z.unknown(),
    userRouted: z
      .boolean()
      .meta({ description: "Whether only the person whose caller credential the call uses may decide." }),
    canDecide: z.boolean().meta({ description: "Whether the current caller may decide this approval." }),
    requestedAt: ZIsoDateTime,
  })
  .meta({ id: "PendingApproval" });

export const ZSessionDetails = z
  .object({
    id: z.uuid(),
    automationId: z.uuid(),
    domainId: z.uuid(),
    kind: z.enum(["domain", "personal"]),
    origin: z.enum(SESSION_ORIGINS).meta({
      description:
        "`api`, `console`, `mcp`, `trigger`, `assistant` (an assistant worker's conversation) or `flow` (a flow's agent step).",
    }),
    title: z.string(),
    outcome: z.string().nullable(),
    archived: z.boolean(),
    revision: z.int().meta({
      description:
        "The agent revision every turn of this session runs; negative for a console test run, which pins a snapshot of the draft.",
    }),
    testRun: z
      .boolean()
      .meta({ description: "Whether this is a console test run of the agent's (or flow's) unpublished draft." }),
    state: z.enum(SESSION_STATES).meta({
      description:
        "`idle` (no turn in progress), `running` (a turn is queued or running), `suspended` (waiting for an approval) or `failed` (the last turn failed).",
    }),
    pendingApproval: ZPendingApproval.nullable(),
    pendingApprovalId: z.uuid().nullable(),
    messages: z.array(ZSessionMessage),
    turns: z.array(ZTurnView),
    canParticipate: z
      .boolean()
      .meta({ description: "Whether this caller can send new messages (participation and lifecycle checks)." }),
    canManage: z.boolean().meta({ description: "Whether this caller can rename, archive, delete or set the outcome." }),
    readOnlyReason: z.string().nullable().meta({
      description: "Why new messages are unavailable to this caller (`archived` or `not_permitted`), or null.",
    }),
    createdAt: ZIsoDateTime,
  })
  .meta({ id: "SessionDetails" });
export type TSessionDetails = z.infer<typeof ZSessionDetails>;
