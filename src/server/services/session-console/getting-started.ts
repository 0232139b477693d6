import type { TGettingStartedResponse } from "@/contracts/session-console/getting-started";
import type { TUserActor } from "@/server/auth/actor";
import { roleAllows } from "@/server/auth/permissions";
import { db } from "@/server/db/client";

/**
 * The first steps of the Overview, each ticked from real state for this person in this
 * organization (never from a flag the page sets): a live personal key, a published agent in a
 * domain they may run, a session they opened through the API, a run of theirs that completed.
 */
export async function gettingStarted(actor: TUserActor): Promise<TGettingStartedResponse> {
  const memberships = await db().domainMembership.findMany({ where: { userId: actor.userId, domain: { organizationId: actor.orgId } }, select: { domainId: true, role: true } });
  const runnable = memberships.filter((row) => roleAllows(row.role, "execute")).map((row) => row.domainId);
  const editable = memberships.find((row) => roleAllows(row.role, "edit_automation"));
  const published = { organizationId: actor.orgId, domainId: { in: runnable }, kind: "AGENT" as const, publishedRevision: { not: null } };
  const mine = { organizationId: actor.orgId, ownerId: actor.userId };
  const [activeKeys, publishedAgents, agent, apiSessions, latest, completedRuns] = await Promise.all([
    db().apiKey.count({ where: { userId: actor.userId, organizationId: actor.orgId, revokedAt: null } }),
    db().automation.count({ where: published }),
    db().automation.findFirst({ where: published, orderBy: { createdAt: "desc" }, select: { id: true, name: true, domainId: true } }),
    db().agentSession.count({ where: { ...mine, origin: "API" } }),
    db().agentSession.findFirst({ where: { ...mine, origin: "API" }, orderBy: { createdAt: "desc" }, select: { id: true } }),
    db().turn.count({ where: { organizationId: actor.orgId, initiatedById: actor.userId, status: "COMPLETED" } }),
  ]);
  return {
    activeKeys,
    publishedAgents,
    agent,
    editableDomainId: editable?.domainId ?? null,
    apiSessions,
    latestApiSessionId: latest?.id ?? null,
    completedRuns,
  };
}
