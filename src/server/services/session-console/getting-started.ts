import { z } from "zod";
import { ZBeltEntry } from "@/contracts/agents/setup";
import type { TGettingStartedResponse } from "@/contracts/session-console/getting-started";
import type { TUserActor } from "@/server/auth/actor";
import { roleAllows } from "@/server/auth/permissions";
import { db } from "@/server/db/client";

/** How many published agents the ready call looks through for one that needs no caller credentials. */
const CANDIDATES = 50;

const ZStoredBelt = z.array(ZBeltEntry).catch([]);

/** Integrations a published revision binds as caller_required: a call without caller material for them is refused. */
function callerRequired(revisions: { belt: unknown }[]): string[] {
  const belt = ZStoredBelt.parse(revisions[0]?.belt ?? []);
  return belt.filter((entry) => entry.identityMode === "caller_required").map((entry) => entry.integrationId);
}

/**
 * The first steps of the Overview, each ticked from real state for this person in this
 * organization (never from a flag the page sets): a live personal key, a published agent in a
 * domain they may run, a session they opened through the API, a run of theirs that completed.
 */
export async function gettingStarted(actor: TUserActor): Promise<TGettingStartedResponse> {
  const memberships = await db().domainMembership.findMany({
    where: { userId: actor.userId, domain: { organizationId: actor.orgId } },
    select: { domainId: true, role: true },
  });
  const runnable = memberships.filter((row) => roleAllows(row.role, "execute")).map((row) => row.domainId);
  const editable = memberships.find((row) => roleAllows(row.role, "edit_automation"));
  const published = {
    organizationId: actor.orgId,
    domainId: { in: runnable },
    kind: "AGENT" as const,
    publishedRevision: { not: null },
  };
  const mine = { organizationId: actor.orgId, ownerId: actor.userId };
  const [activeKeys, publishedAgents, candidates, apiSessions, latest, completedRuns] = await Promise.all([
    db().apiKey.count({ where: { userId: actor.userId, organizationId: actor.orgId, revokedAt: null } }),
    db().automation.count({ where: published }),
    // Revisions are only created by publishing, so the newest one is the published revision.
    db().automation.findMany({
      where: published,
      orderBy: { createdAt: "desc" },
      take: CANDIDATES,
      select: {
        id: true,
        name: true,
        domainId: true,
        revisions: { orderBy: { revision: "desc" }, take: 1, select: { belt: true } },
      },
    }),
    db().agentSession.count({ where: { ...mine, origin: "API" } }),
    db().agentSession.findFirst({
      where: { ...mine, origin: "API" },
      orderBy: { createdAt: "desc" },
      select: { id: true },
    }),
    db().turn.count({ where: { organizationId: actor.orgId, initiatedById: actor.userId, status: "COMPLETED" } }),
  ]);
  // A newcomer copies the ready call as is: prefer an agent that answers it without caller credentials.
  const agents = candidates.map(({ revisions, ...agent }) => ({
    ...agent,
    callerRequiredIntegrations: callerRequired(revisions),
  }));
  const agent = agents.find((one) => one.callerRequiredIntegrations.length === 0) ?? agents[0] ?? null;
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
