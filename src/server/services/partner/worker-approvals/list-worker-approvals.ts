import type { TListWorkerApprovalsResponse } from "@/contracts/partner/list-worker-approvals";
import type { TWorkerApproval } from "@/contracts/partner/worker-approval";
import type { TLeaseActor, TUserActor } from "@/server/auth/actor";
import type { Prisma } from "@/server/db/generated/client";
import { db } from "@/server/db/client";
import { maskToolArgs } from "@/server/integrations/invoke-tool";
import { workerActorFor } from "@/server/services/partner/leases/worker-actor";

export type TListWorkerApprovalsOptions = { limit: number; offset: number };

/**
 * The pending approvals of the lease's customer that its worker may decide, oldest first. The
 * filter is the approval rule (approval-rule.ts) and session visibility (session-access.ts)
 * written as one query, so paging and `total` count only what the worker can decide:
 * - a user-routed call: routed to the worker, on a session the worker can see;
 * - any other: the worker's current role in the session's domain is among its approvers (a
 *   personal chat also needs the worker as its owner).
 */
export async function listWorkerApprovals(
  lease: TLeaseActor,
  o: TListWorkerApprovalsOptions,
): Promise<TListWorkerApprovalsResponse> {
  const actor = await workerActorFor(lease);
  const where = await decidableBy(actor);
  const [total, rows] = await Promise.all([
    db().approval.count({ where }),
    db().approval.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      skip: o.offset,
      take: o.limit,
      select: {
        id: true,
        sessionId: true,
        turnId: true,
        toolName: true,
        routedToUserId: true,
        createdAt: true,
        toolCall: { select: { args: true } },
        turn: {
          select: {
            session: {
              select: {
                domainId: true,
                flowRun: { select: { id: true } },
                automation: { select: { id: true, name: true, kind: true } },
              },
            },
          },
        },
      },
    }),
  ]);
  return { items: rows.map(toWorkerApproval), total, limit: o.limit, offset: o.offset };
}

async function decidableBy(actor: TUserActor): Promise<Prisma.ApprovalWhereInput> {
  const memberships = await db().domainMembership.findMany({
    where: { userId: actor.userId, domain: { organizationId: actor.orgId } },
    select: { domainId: true, role: true, domain: { select: { approverRoles: true } } },
  });
  const memberOf = memberships.map((m) => m.domainId);
  const approverIn = memberships.filter((m) => m.domain.approverRoles.includes(m.role)).map((m) => m.domainId);
  const visible: Prisma.AgentSessionWhereInput[] = [
    { kind: "DOMAIN", domainId: { in: memberOf } },
    { kind: "PERSONAL", ownerId: actor.userId },
  ];
  return {
    status: "PENDING",
    turn: { status: "SUSPENDED", session: { organizationId: actor.orgId } },
    OR: [
      { routedToUserId: actor.userId, turn: { session: { OR: visible } } },
      {
        routedToUserId: null,
        turn: {
          session: {
            domainId: { in: approverIn },
            OR: [{ kind: "DOMAIN" }, { kind: "PERSONAL", ownerId: actor.userId }],
          },
        },
      },
    ],
  };
}

type TRow = {
  id: string;
  sessionId: string;
  turnId: string;
  toolName: string;
  routedToUserId: string | null;
  createdAt: Date;
  toolCall: { args: unknown };
  turn: {
    session: {
      domainId: string;
      flowRun: { id: string } | null;
      automation: { id: string; name: string; kind: "AGENT" | "FLOW" };
    };
  };
};

function toWorkerApproval(row: TRow): TWorkerApproval {
  const { session } = row.turn;
  const args = row.toolCall.args;
  return {
    id: row.id,
    sessionId: row.sessionId,
    runId: session.flowRun?.id ?? null,
    executionId: row.turnId,
    domainId: session.domainId,
    automation: {
      id: session.automation.id,
      name: session.automation.name,
      kind: session.automation.kind === "FLOW" ? "flow" : "agent",
    },
    toolName: row.toolName,
    // Stored arguments are the model's own; header values are hidden whenever they are shown.
    args:
      args && typeof args === "object" && !Array.isArray(args) ? maskToolArgs(args as Record<string, unknown>) : args,
    userRouted: row.routedToUserId !== null,
    requestedAt: row.createdAt.toISOString(),
  };
}
