import { router } from "@/server/trpc/init";
import { adminRouter } from "./admin/router";
import { agentsRouter } from "./agents/router";
import { assistantConfigRouter } from "./assistant-config/router";
import { assistantConnectionsRouter } from "./assistant-connections/router";
import { assistantWorkersRouter } from "./assistant-workers/router";
import { auditRouter } from "./audit/router";
import { apiKeysRouter } from "./api-keys/router";
import { approvalsInboxRouter } from "./approvals-inbox/router";
import { authRouter } from "./auth/router";
import { budgetRouter } from "./budget/router";
import { connectionsRouter } from "./connections/router";
import { flowsRouter } from "./flows/router";
import { integrationsRouter } from "./integrations/router";
import { knowledgeRouter } from "./knowledge/router";
import { membersRouter } from "./members/router";
import { partnerEntitlementsRouter } from "./partner-entitlements/router";
import { partnerProvisioningRouter } from "./partner-provisioning/router";
import { partnerWorkersRouter } from "./partner-workers/router";
import { passwordsRouter } from "./passwords/router";
import { sessionConsoleRouter } from "./sessions/console/router";
import { sessionsRouter } from "./sessions/router";
import { teamDomainsRouter } from "./team-domains/router";
import { tenancyRouter } from "./tenancy/router";
import { tenantRouter } from "./tenant/router";
import { triggersRouter } from "./triggers/router";
import { usageRouter } from "./usage/router";
import { webhookEndpointsRouter } from "./webhook-endpoints/router";
import { webhookEventsRouter } from "./webhook-events/router";

/** The one router tree: console procedures and both machine API surfaces (by meta.surface). */
export const appRouter = router({
  auth: authRouter,
  tenancy: tenancyRouter,
  apiKeys: apiKeysRouter,
  integrations: integrationsRouter,
  connections: connectionsRouter,
  agents: agentsRouter,
  flows: flowsRouter,
  knowledge: knowledgeRouter,
  sessions: sessionsRouter,
  sessionConsole: sessionConsoleRouter,
  budget: budgetRouter,
  triggers: triggersRouter,
  usage: usageRouter,
  admin: adminRouter,
  partnerProvisioning: partnerProvisioningRouter,
  partnerWorkers: partnerWorkersRouter,
  partnerEntitlements: partnerEntitlementsRouter,
  assistantConfig: assistantConfigRouter,
  assistantWorkers: assistantWorkersRouter,
  assistantConnections: assistantConnectionsRouter,
  webhookEndpoints: webhookEndpointsRouter,
  webhookEvents: webhookEventsRouter,
  tenant: tenantRouter,
  members: membersRouter,
  teamDomains: teamDomainsRouter,
  passwords: passwordsRouter,
  audit: auditRouter,
  approvalsInbox: approvalsInboxRouter,
});

export type TAppRouter = typeof appRouter;
