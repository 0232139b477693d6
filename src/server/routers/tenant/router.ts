import { router } from "@/server/trpc/init";
import { tenantAgentsRouter } from "./agents";
import { tenantConnectionsRouter } from "./connections";
import { tenantDomainsRouter } from "./domains";
import { tenantFlowsRouter } from "./flows";
import { tenantKnowledgeRouter } from "./knowledge";
import { tenantSessionsRouter } from "./sessions";
import { tenantSettingsRouter } from "./settings";
import { tenantTriggersRouter } from "./triggers";

/**
 * The partner tenant routes (issue 40): /api/partner/v1/organizations/{orgId}/..., each the v1
 * contract and operation behind tenantProcedure (src/server/trpc/tenant-route.ts).
 */
export const tenantRouter = router({
  agents: tenantAgentsRouter,
  connections: tenantConnectionsRouter,
  domains: tenantDomainsRouter,
  flows: tenantFlowsRouter,
  knowledge: tenantKnowledgeRouter,
  sessions: tenantSessionsRouter,
  settings: tenantSettingsRouter,
  triggers: tenantTriggersRouter,
});
