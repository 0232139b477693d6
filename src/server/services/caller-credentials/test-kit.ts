import { actorIn } from "../../../../test/factories";
import { db } from "@/server/db/client";
import { BUILT_IN_INTEGRATIONS } from "@/server/integrations/built-in";
import type { TIntegrationDefinition } from "@/server/integrations/types";
import { seal } from "@/server/vault/vault";

// Test helpers for this folder only: a real turn row to hang a grant on, and connections.

export const HTTP = BUILT_IN_INTEGRATIONS.find((integration) => integration.id === "service.http")!;
export const KNOWLEDGE = BUILT_IN_INTEGRATIONS.find((integration) => integration.id === "service.knowledge")!;

/** A custom integration taking a token and one declared field, preferring the field. */
export const CRM: TIntegrationDefinition = {
  id: "acme.crm",
  name: "CRM",
  description: "CRM",
  builtIn: false,
  credential: {
    token: true,
    fields: [{ name: "api_key_auth", description: "Workspace key.", header: "X-CRM-Key" }],
    prefers: "fields",
  },
  tools: [],
};

/** An organization, a domain, an agent, a session and one turn in it. */
export async function turnWorld() {
  const world = await actorIn({ domainRole: "OWNER" });
  const automation = await db().automation.create({
    data: { organizationId: world.organization.id, domainId: world.domain.id, kind: "AGENT", name: "Agent" },
  });
  const session = await db().agentSession.create({
    data: {
      organizationId: world.organization.id,
      domainId: world.domain.id,
      automationId: automation.id,
      revision: 1,
      kind: "DOMAIN",
      origin: "API",
      title: "t",
    },
  });
  const turn = await db().turn.create({
    data: {
      sessionId: session.id,
      organizationId: world.organization.id,
      number: 1,
      deadlineAt: new Date(Date.now() + 60_000),
      initiatedById: world.user.id,
    },
  });
  return { ...world, turnId: turn.id, sessionId: session.id };
}

export async function addConnection(
  orgId: string,
  domainId: string,
  integrationId: string,
  secret: { token?: string; fields?: Record<string, string> },
) {
  return db().connection.create({
    data: {
      organizationId: orgId,
      domainId,
      integrationId,
      name: integrationId,
      sealedSecret: await seal(JSON.stringify(secret)),
    },
  });
}
