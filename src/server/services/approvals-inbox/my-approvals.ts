import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";

/**
 * The pending approvals the actor may decide now: the approval rule (sessions/approval-rule.ts)
 * applied in one statement. A user-routed call waits for the person whose credential it runs
 * on, in a session they can see; any other for members whose current domain role is in that
 * domain's approval policy (a Viewer's role never is by default; organization roles grant
 * nothing). Only turns still suspended on it count: a decided or moved-on approval is gone.
 */
export async function myApprovalsWhere(actor: TUserActor): Promise<Prisma.ApprovalWhereInput> {
  const memberships = await db().domainMembership.findMany({
    where: { userId: actor.userId, domain: { organizationId: actor.orgId } },
    select: { domainId: true, role: true, domain: { select: { approverRoles: true } } },
  });
  const memberOf = memberships.map((row) => row.domainId);
  const approverIn = memberships
    .filter((row) => row.domain.approverRoles.includes(row.role))
    .map((row) => row.domainId);
  // Domain sessions need membership; a personal chat only its creator (spec 4.2).
  const visibleIn = (domainIds: string[]): Prisma.AgentSessionWhereInput => ({
    organizationId: actor.orgId,
    domainId: { in: domainIds },
    OR: [{ kind: "DOMAIN" }, { kind: "PERSONAL", ownerId: actor.userId }],
  });
  return {
    status: "PENDING",
    turn: { status: "SUSPENDED" },
    OR: [
      { routedToUserId: actor.userId, turn: { session: visibleIn(memberOf) } },
      { routedToUserId: null, turn: { session: visibleIn(approverIn) } },
    ],
  };
}
