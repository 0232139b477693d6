import {
  SESSION_SEARCH_WINDOW,
  type TListSessionsRequest,
  type TListSessionsResponse,
} from "@/contracts/session-console/list-sessions";
import type { TSessionSummary } from "@/contracts/session-console/session-summary";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import { isTestRunRevision } from "@/server/services/revisions/test-run-revision";
import { lastRunOf, type TLastTurnRow } from "./run-outcome";

type TStatus = TLastTurnRow["status"];

const STATE_OF: Record<TStatus, TSessionSummary["state"]> = {
  QUEUED: "running",
  RUNNING: "running",
  SUSPENDED: "suspended",
  COMPLETED: "idle",
  FAILED: "failed",
};

const LAST_TURN_STATUSES: Record<TSessionSummary["state"], TStatus[]> = {
  idle: ["COMPLETED"],
  running: ["QUEUED", "RUNNING"],
  suspended: ["SUSPENDED"],
  failed: ["FAILED"],
};

/**
 * One statement per relation for the whole page (Prisma batches nested selects), never one per
 * row: the last turn with at most its last failed or rejected tool call, the flow run's timing,
 * and the names of the trigger or API key that started it.
 */
const ROW_SELECT = {
  id: true,
  title: true,
  kind: true,
  origin: true,
  revision: true,
  outcome: true,
  archivedAt: true,
  createdAt: true,
  updatedAt: true,
  domain: { select: { id: true, name: true } },
  automation: { select: { id: true, name: true, kind: true } },
  owner: { select: { id: true, name: true } },
  originTrigger: { select: { id: true, name: true } },
  originApiKey: { select: { id: true, name: true } },
  flowRun: { select: { errorCode: true, startedAt: true, finishedAt: true } },
  turns: {
    orderBy: { number: "desc" },
    take: 1,
    select: {
      status: true,
      errorCode: true,
      createdAt: true,
      startedAt: true,
      finishedAt: true,
      toolCalls: {
        where: { status: { in: ["FAILED", "REJECTED"] } },
        orderBy: { index: "desc" },
        take: 1,
        select: { status: true, errorCode: true, toolName: true },
      },
    },
  },
} satisfies Prisma.AgentSessionSelect;

type TRow = Prisma.AgentSessionGetPayload<{ select: typeof ROW_SELECT }>;

function whereOf(actor: TUserActor, input: TListSessionsRequest, domainIds: string[]): Prisma.AgentSessionWhereInput {
  return {
    organizationId: actor.orgId,
    OR: [
      { kind: "DOMAIN", domainId: { in: domainIds } },
      { kind: "PERSONAL", ownerId: actor.userId },
    ],
    ...(input.domainId ? { domainId: input.domainId } : {}),
    ...(input.automationId ? { automationId: input.automationId } : {}),
    ...(input.kind ? { kind: input.kind === "personal" ? ("PERSONAL" as const) : ("DOMAIN" as const) } : {}),
    ...(input.origin ? { origin: input.origin.toUpperCase() as TRow["origin"] } : {}),
    ...(input.automationKind
      ? { automation: { kind: input.automationKind === "flow" ? ("FLOW" as const) : ("AGENT" as const) } }
      : {}),
    ...((input.status ?? "active") === "active"
      ? { archivedAt: null }
      : input.status === "archived"
        ? { archivedAt: { not: null } }
        : {}),
  };
}

/**
 * The text search, bounded: `contains` is served by no index, so it reads only the newest
 * SESSION_SEARCH_WINDOW sessions that match the other filters (their ids come from one
 * index-ordered statement), then matches the words against the title (the first line of the
 * run's input), the agent or flow's name and the trigger or API key that started it.
 */
async function searchOf(where: Prisma.AgentSessionWhereInput, q: string): Promise<Prisma.AgentSessionWhereInput> {
  const window = await db().agentSession.findMany({
    where,
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: SESSION_SEARCH_WINDOW,
    select: { id: true },
  });
  const text = { contains: q, mode: "insensitive" as const };
  return {
    id: { in: window.map((row) => row.id) },
    OR: [
      { title: text },
      { automation: { name: text } },
      { originTrigger: { name: text } },
      { originApiKey: { name: text } },
    ],
  };
}

function toSummary(actor: TUserActor, row: TRow): TSessionSummary {
  const turn = row.turns[0] as TLastTurnRow | undefined;
  const startedVia = row.originTrigger
    ? { kind: "trigger" as const, ...row.originTrigger }
    : row.originApiKey
      ? { kind: "api_key" as const, ...row.originApiKey }
      : null;
  return {
    id: row.id,
    title: row.title,
    kind: row.kind === "PERSONAL" ? "personal" : "domain",
    origin: row.origin.toLowerCase() as TSessionSummary["origin"],
    startedVia,
    automationKind: row.automation.kind === "FLOW" ? "flow" : "agent",
    revision: row.revision,
    lastRun: lastRunOf(turn, row.flowRun),
    testRun: isTestRunRevision(row.revision),
    domain: row.domain,
    agent: { id: row.automation.id, name: row.automation.name },
    owner: row.owner ? { userId: row.owner.id, name: row.owner.name, isYou: row.owner.id === actor.userId } : null,
    state: turn ? STATE_OF[turn.status] : "idle",
    outcome: row.outcome,
    archived: row.archivedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The sessions the actor can see, newest activity first: domain sessions of the domains they
 * belong to now, and their own personal chats. Organization Owner/Admin status adds nothing
 * (spec 4.2), and nobody else's personal chat is ever listed. Filters on the last turn (run
 * state, outcome) apply to the newest 500 matching sessions, without paging.
 */
export async function listSessions(actor: TUserActor, input: TListSessionsRequest): Promise<TListSessionsResponse> {
  const limit = input.limit ?? 50;
  const memberships = await db().domainMembership.findMany({
    where: { userId: actor.userId, domain: { organizationId: actor.orgId } },
    select: { domainId: true },
  });
  const byLastTurn = Boolean(input.state || input.outcome);
  const where = whereOf(
    actor,
    input,
    memberships.map((row) => row.domainId),
  );
  const rows = await db().agentSession.findMany({
    where: input.q ? { AND: [where, await searchOf(where, input.q)] } : where,
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: byLastTurn ? 500 : limit + 1,
    ...(input.cursor && !byLastTurn ? { cursor: { id: input.cursor }, skip: 1 } : {}),
    select: ROW_SELECT,
  });
  const summaries = rows.map((row) => toSummary(actor, row));
  const filtered = summaries.filter(
    (summary, index) =>
      (!input.state || LAST_TURN_STATUSES[input.state].includes(rows[index]!.turns[0]?.status ?? "COMPLETED")) &&
      (!input.outcome || (summary.lastRun?.outcome ?? "completed") === input.outcome),
  );
  const page = filtered.slice(0, limit);
  return { sessions: page, nextCursor: !byLastTurn && rows.length > limit ? page.at(-1)!.id : null };
}
