import { router } from "@/server/trpc/init";
import { tenantAgentsRouter } from "./agents";
import { tenantDomainsRouter } from "./domains";
import { tenantFlowsRouter } from "./flows";
import { tenantSessionsRouter } from "./sessions";

/**
 * The partner tenant routes (issue 40): /api/partner/v1/organizations/{orgId}/..., each the v1
 * contract and operation behind tenantProcedure (src/server/trpc/tenant-route.ts).
 */
export const tenantRouter = router({
  agents: tenantAgentsRouter,
  domains: tenantDomainsRouter,
  flows: tenantFlowsRouter,
  sessions: tenantSessionsRouter,
});
