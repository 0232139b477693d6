import type { TListApproversRequest, TListApproversResponse } from "@/contracts/session-console/list-approvers";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { authorizeSessionView } from "@/server/services/sessions/session-access";

const NAMED = 20;

/**
 * Who can decide the pending approval of a session the actor can see (the approval rule of
 * approval-rule.ts, from the other side): the routed person alone, or the members whose current
 * domain role is in the domain's approval policy. Nothing pending: empty.
 */
export async function listApprovers(actor: TUserActor, input: TListApproversRequest): Promise<TListApproversResponse> {
  const access = await authorizeSessionView(actor, input.sessionId);
  const approval = await db().approval.findFirst({
    where: { sessionId: access.session.id, status: "PENDING" },
    orderBy: { createdAt: "desc" },
    select: { routedToUserId: true },
  });
  if (!approval) return { pending: false, userRouted: false, roles: [], people: [], morePeople: 0 };
  const person = (user: { id: string; name: string }) => ({
    userId: user.id,
    name: user.name,
    isYou: user.id === actor.userId,
  });
  if (approval.routedToUserId) {
    const user = await db().user.findUnique({
      where: { id: approval.routedToUserId },
      select: { id: true, name: true },
    });
    return { pending: true, userRouted: true, roles: [], people: user ? [person(user)] : [], morePeople: 0 };
  }
  const domain = await db().domain.findUniqueOrThrow({
    where: { id: access.session.domainId },
    select: { approverRoles: true },
  });
  const where = { domainId: access.session.domainId, role: { in: domain.approverRoles } };
  const [members, total] = await Promise.all([
    db().domainMembership.findMany({
      where,
      orderBy: { createdAt: "asc" },
      take: NAMED,
      select: { user: { select: { id: true, name: true } } },
    }),
    db().domainMembership.count({ where }),
  ]);
  return {
    pending: true,
    userRouted: false,
    roles: domain.approverRoles.map((role) => role.toLowerCase() as TListApproversResponse["roles"][number]),
    people: members.map((member) => person(member.user)),
    morePeople: Math.max(0, total - members.length),
  };
}
