import { db } from "@/server/db/client";
import { visibleTools } from "@/server/integrations/catalog";
import type { TIdentityMode, TIntegrationDefinition } from "@/server/integrations/types";
import type { TModelMessage, TModelTool } from "@/server/models/types";
import type { TInvokeToolOptions } from "@/server/integrations/invoke-tool";

type TWorkspace = NonNullable<TInvokeToolOptions["workspace"]>;
import { scanToolReferences } from "@/server/services/agents/procedure-refs";
import { REVISION_SELECT, toSnapshot, type TAgentRevisionSnapshot } from "@/server/services/agents/revision-snapshot";

export type TOfferedTool = { integration: TIntegrationDefinition; identityMode: TIdentityMode; model: TModelTool };

/** What a turn runs on; loaded once per job (the revision is pinned, so it never changes). */
export type TTurnContext = {
  turnId: string;
  sessionId: string;
  orgId: string;
  domainId: string;
  deadlineAt: Date;
  revision: TAgentRevisionSnapshot;
  system: string;
  /** The revision's belt tools by wire id: procedure-referenced tools of bound integrations. */
  tools: Map<string, TOfferedTool>;
  /** Set when the job knows the next tool call index (see TToolCallContext). */
  nextCallIndex?: number;
  /** In an assistant worker's turn: the worker's own mail and calendar connections (engine/assistant-actions.ts). */
  workspace?: TWorkspace;
  /** Whether the turn had a caller grant when claimed (see TToolCallContext). */
  hasGrant?: boolean;
  /**
   * The job attempt running the turn: its number fences a tool call's start (only the attempt
   * that holds the turn starts one), its signal stops it once it lost the job. Absent in flows.
   */
  attempt?: { number: number; signal: AbortSignal };
  /**
   * Text the model wrote beside tool calls in this turn's earlier steps, each placed before the
   * call index it preceded. Known in memory from the turn's first attempt (empty, then grown by
   * each step); a resumed attempt reads it once. Undefined until known.
   */
  stepTexts?: TStepText[];
  /** The index the turn's next tool call takes, as far as its transcript's calls show. */
  callsSeen?: number;
};

/** A step's text and the index of the first tool call that came after it. */
export type TStepText = { body: string; beforeIndex: number };

/** The belt's tools as offered to the model. */
async function beltTools(orgId: string, revision: TAgentRevisionSnapshot): Promise<Map<string, TOfferedTool>> {
  const tools = new Map<string, TOfferedTool>();
  const references = scanToolReferences(revision.setup.procedure);
  // A procedure that references no tool offers none: no need to read the organization's catalog.
  if (references.length === 0) return tools;
  const visible = await visibleTools(orgId);
  const belt = new Map(revision.belt.map((entry) => [entry.integrationId, entry.identityMode]));
  for (const reference of references) {
    const found = visible.get(reference.id);
    const identityMode = found && belt.get(found.integration.id);
    if (!found || !identityMode || tools.has(reference.id)) continue;
    tools.set(reference.id, {
      integration: found.integration,
      identityMode,
      model: { name: found.tool.name, description: found.tool.description, inputSchema: found.tool.inputSchema },
    });
  }
  return tools;
}

function systemPrompt(revision: TAgentRevisionSnapshot): string {
  const parts = [];
  if (revision.setup.principles.trim()) parts.push(`# Principles\n${revision.setup.principles}`);
  if (revision.setup.procedure.trim()) parts.push(`# Procedure\n${revision.setup.procedure}`);
  if (revision.knowledgeSelection.mode !== "none")
    parts.push("# Knowledge\nSearch the organization's knowledge with service.knowledge.search when it may help.");
  return parts.join("\n\n");
}

// The claim itself is execution's (execution/claim-system.ts); the engine loads the rest.
import type { TClaimedTurn, TStoredMessage } from "@/server/execution/claim-system";
export { claimTurnRow, readTurnForClaim, type TClaimedTurn, type TStepInputs } from "@/server/execution/claim-system";

type TRevisionRow = NonNullable<Awaited<ReturnType<typeof readRevisionRow>>>;

const readRevisionRow = (automationId: string, revision: number) =>
  db().automationRevision.findUnique({
    where: { automationId_revision: { automationId, revision } },
    select: REVISION_SELECT,
  });

// A revision row is written once by publish (or a test run) and never edited, so every turn of a
// session can share one read of it per process; each turn still parses its own copy.
const REVISION_ROWS_KEPT = 500;
const revisionRows = new Map<string, TRevisionRow>();

async function revisionRow(automationId: string, revision: number): Promise<TRevisionRow | null> {
  const key = `${automationId}/${revision}`;
  const kept = revisionRows.get(key);
  if (kept) return kept;
  const row = await readRevisionRow(automationId, revision);
  if (!row) return null;
  if (revisionRows.size >= REVISION_ROWS_KEPT) revisionRows.delete(revisionRows.keys().next().value!);
  revisionRows.set(key, row);
  return row;
}

/**
 * The context of a claimed turn: its pinned revision, system prompt and belt tools. Null when
 * the revision cannot be loaded.
 */
export async function loadTurnContext(turn: TClaimedTurn): Promise<TTurnContext | null> {
  const row = await revisionRow(turn.automationId, turn.revision);
  if (!row) return null;
  const revision = toSnapshot(row);
  return {
    turnId: turn.turnId,
    sessionId: turn.sessionId,
    orgId: turn.orgId,
    domainId: turn.domainId,
    deadlineAt: turn.deadlineAt,
    revision,
    system: systemPrompt(revision),
    tools: await beltTools(turn.orgId, revision),
    hasGrant: turn.hasGrant,
  };
}

type TTranscriptCall = {
  id: string;
  toolName: string;
  status: string;
  result: unknown;
  errorCode: string | null;
  errorMessage: string | null;
  action: { approval: { number: number; expiresAt: Date } | null } | null;
};

function toolResultMessage(call: TTranscriptCall): TModelMessage {
  const approval = call.action?.approval;
  if (call.status === "AWAITING_APPROVAL" && approval) {
    // An assistant's `ask` action: the turn goes on while the end user decides.
    const result = {
      awaiting_approval: { number: approval.number, expires_at: approval.expiresAt.toISOString() },
      note: `Not run yet: it waits for the user's approval (#${approval.number}) and runs only if they approve.`,
    };
    return { role: "tool", toolCallId: call.id, name: call.toolName, result };
  }
  if (call.status === "SUCCEEDED")
    return { role: "tool", toolCallId: call.id, name: call.toolName, result: call.result };
  return {
    role: "tool",
    toolCallId: call.id,
    name: call.toolName,
    result: { error: { code: call.errorCode ?? "FAILED", message: call.errorMessage ?? "" } },
    isError: true,
  };
}

// A parked 4.2 call is never here (the turn is suspended until it is decided and run or
// rejected); an assistant's `ask` action is, with the approval it waits for.
const settledCalls = (turnId: string) =>
  db().toolCall.findMany({
    where: { turnId, status: { in: ["SUCCEEDED", "FAILED", "REJECTED", "AWAITING_APPROVAL"] } },
    orderBy: { index: "asc" },
    select: {
      id: true,
      toolName: true,
      args: true,
      status: true,
      result: true,
      errorCode: true,
      errorMessage: true,
      index: true,
      createdAt: true,
      action: { select: { approval: { select: { number: true, expiresAt: true } } } },
    },
  });

// Text the model wrote beside its tool calls in earlier steps of this turn (the answer ends the turn).
const stepTexts = (turnId: string) =>
  db().sessionMessage.findMany({
    where: { turnId, role: "ASSISTANT" },
    orderBy: { createdAt: "asc" },
    select: { body: true, createdAt: true },
  });

/**
 * The session's messages turn by turn, each turn where its input was written (its first
 * message): a conversation queues (docs/conversations.md), so a turn that waited behind a
 * running one was written before that turn's answer, yet answers after it. Messages of no turn
 * stay where they are.
 */
function byTurn(messages: TStoredMessage[]): TStoredMessage[] {
  const groups = new Map<string, TStoredMessage[]>();
  const ordered: TStoredMessage[][] = [];
  for (const message of messages) {
    const group = message.turnId === null ? undefined : groups.get(message.turnId);
    if (group) group.push(message);
    else {
      const opened = [message];
      if (message.turnId !== null) groups.set(message.turnId, opened);
      ordered.push(opened);
    }
  }
  return ordered.flat();
}

/**
 * The conversation as the model sees it: earlier turns' user and assistant messages, this
 * turn's user message (as the claim read them), then this turn's settled tool calls with their
 * results (after the text the model wrote beside them), read from the database on every step. Rebuilding the calls (rather than keeping them
 * in memory) is what lets a turn resume after an approval or a crashed worker.
 * `noCallsYet`: the first step of a turn never claimed before, which has no tool calls to read.
 * Earlier turns come whole, in the order they were queued: a turn queued while another ran sees
 * that turn's answer before its own input; a turn superseded by a newer message (cancelled
 * before it started) shows its input, which this turn answers too, and never its cancellation
 * notice; turns queued after this one are not shown.
 */
export async function loadTranscript(
  context: TTurnContext,
  messages: TStoredMessage[],
  noCallsYet: boolean,
): Promise<TModelMessage[]> {
  const calls = noCallsYet ? [] : await settledCalls(context.turnId);
  if (calls.length) context.callsSeen = calls.at(-1)!.index + 1;
  // A resumed attempt reads the texts once, placed by time: each was stored before its step's calls.
  // (A first step of a turn never claimed has none to read.)
  if (!noCallsYet)
    context.stepTexts ??= (await stepTexts(context.turnId)).map((text) => ({
      body: text.body,
      beforeIndex: calls.find((call) => call.createdAt >= text.createdAt)?.index ?? Number.MAX_SAFE_INTEGER,
    }));
  const texts = [...(context.stepTexts ?? [])];
  const transcript: TModelMessage[] = [];
  // A turn's first message is its input: a USER message, or a SYSTEM one when the turn was
  // started by an instruction (queueTurn's `instruction`); later SYSTEM messages are notices.
  const opened = new Set<string>();
  for (const message of byTurn(messages)) {
    const opensTurn = message.turnId !== null && !opened.has(message.turnId);
    if (message.turnId !== null) opened.add(message.turnId);
    const isInput = message.role === "USER" || (message.role === "SYSTEM" && opensTurn);
    if (isInput) transcript.push({ role: "user", content: message.body });
    else if (message.role === "ASSISTANT") transcript.push({ role: "assistant", content: message.body });
    if (isInput && message.turnId === context.turnId) break;
  }
  for (const call of calls) {
    // A step's text was stored before its calls were created: it comes before them.
    while (texts.length && texts[0]!.beforeIndex <= call.index)
      transcript.push({ role: "assistant", content: texts.shift()!.body });
    transcript.push({
      role: "assistant",
      content: "",
      toolCalls: [{ id: call.id, name: call.toolName, args: call.args as Record<string, unknown> }],
    });
    transcript.push(toolResultMessage(call));
  }
  for (const text of texts) transcript.push({ role: "assistant", content: text.body });
  return transcript;
}
