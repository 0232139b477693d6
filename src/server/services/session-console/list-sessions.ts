import type { TListSessionsRequest, TListSessionsResponse } from "@/contracts/session-console/list-sessions";
import type { TSessionSummary } from "@/contracts/session-console/session-summary";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { isTestRunRevision } from "@/server/services/revisions/test-run-revision";
import type { Prisma } from "@/server/db/generated/client";

type TStatus = "QUEUED" | "RUNNING" | "SUSPENDED" | "COMPLETED" | "FAILED";

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
 * The sessions the actor can see, newest activity first: domain sessions of the domains they
 * belong to now, and their own personal chats. Organization Owner/Admin status adds nothing
 * (spec 4.2), and nobody else's personal chat is ever listed.
 */
export async function listSessions(actor: TUserActor, input: TListSessionsRequest): Promise<TListSessionsResponse> {
  const limit = input.limit ?? 50;
  const memberships = await db().domainMembership.findMany({ where: { userId: actor.userId, domain: { organizationId: actor.orgId } }, select: { domainId: true } });
  const where: Prisma.AgentSessionWhereInput = {
    organizationId: actor.orgId,
    OR: [{ kind: "DOMAIN", domainId: { in: memberships.map((row) => row.domainId) } }, { kind: "PERSONAL", ownerId: actor.userId }],
    ...(input.domainId ? { domainId: input.domainId } : {}),
    ...(input.automationId ? { automationId: input.automationId } : {}),
    ...(input.kind ? { kind: input.kind === "personal" ? ("PERSONAL" as const) : ("DOMAIN" as const) } : {}),
    ...((input.status ?? "active") === "active" ? { archivedAt: null } : input.status === "archived" ? { archivedAt: { not: null } } : {}),
  };
  const rows = await db().agentSession.findMany({
    where,
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: input.state ? 500 : limit + 1,
    ...(input.cursor && !input.state ? { cursor: { id: input.cursor }, skip: 1 } : {}),
    select: {
      id: true,
      title: true,
      kind: true,
      origin: true,
      revision: true,
      outcome: true,
      archivedAt: true,
      createdAt: true,
      updatedAt: true,
      ownerId: true,
      domain: { select: { id: true, name: true } },
      automation: { select: { id: true, name: true } },
      owner: { select: { id: true, name: true } },
      turns: { orderBy: { number: "desc" }, take: 1, select: { status: true } },
    },
  });
  // The run state is the last turn's; filtering by it happens here (a list of at most a page).
  const filtered = input.state ? rows.filter((row) => LAST_TURN_STATUSES[input.state!].includes((row.turns[0]?.status ?? "COMPLETED") as TStatus)) : rows;
  const page = filtered.slice(0, limit);
  return {
    sessions: page.map((row) => ({
      id: row.id,
      title: row.title,
      kind: row.kind === "PERSONAL" ? "personal" : "domain",
      origin: row.origin.toLowerCase() as TSessionSummary["origin"],
      testRun: isTestRunRevision(row.revision),
      domain: row.domain,
      agent: row.automation,
      owner: row.owner ? { userId: row.owner.id, name: row.owner.name, isYou: row.owner.id === actor.userId } : null,
      state: row.turns[0] ? STATE_OF[row.turns[0].status as TStatus] : "idle",
      outcome: row.outcome,
      archived: row.archivedAt !== null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
    nextCursor: !input.state && rows.length > limit ? page.at(-1)!.id : null,
  };
}
