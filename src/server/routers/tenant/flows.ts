import { ZGetFlowResponse, ZGetFlowRevisionResponse, ZListFlowRevisionsResponse } from "@/contracts/flows/requests";
import {
  getTenantFlowMeta,
  getTenantFlowRevisionMeta,
  getTenantFlowRunMeta,
  listTenantFlowRevisionsMeta,
  listTenantFlowRunsMeta,
  listTenantFlowsMeta,
  ZGetTenantFlowRequest,
  ZGetTenantFlowRevisionRequest,
  ZGetTenantFlowRunRequest,
  ZGetTenantFlowRunResponse,
  ZListTenantFlowRevisionsRequest,
  ZListTenantFlowRunsRequest,
  ZListTenantFlowsRequest,
  ZListTenantFlowsResponse,
} from "@/contracts/partner/tenant-flows";
import { ZListSessionsResponse } from "@/contracts/session-console/list-sessions";
import { listRevisions } from "@/server/services/automations/revisions";
import { getRunOfFlow, listFlowRuns } from "@/server/services/flows/flow-runs";
import { getFlow } from "@/server/services/flows/get-flow";
import { getFlowRevision } from "@/server/services/flows/get-flow-revision";
import { listFlows } from "@/server/services/flows/list-flows";
import { router } from "@/server/trpc/init";
import { tenantRoute } from "@/server/trpc/tenant-route";

/**
 * Flows at /organizations/{orgId}/flows/...: read-only (flows are authored in the console, spec
 * section 1): the flows, their revisions and their runs, with the console's schemas and services.
 */
export const tenantFlowsRouter = router({
  list: tenantRoute(
    listTenantFlowsMeta,
    ZListTenantFlowsRequest,
    ZListTenantFlowsResponse,
    ({ ctx, input: { limit, cursor, ...input } }) => listFlows(ctx.actor, input, { limit, cursor }),
  ),
  get: tenantRoute(getTenantFlowMeta, ZGetTenantFlowRequest, ZGetFlowResponse, ({ ctx, input }) =>
    getFlow(ctx.actor, input),
  ),
  listRevisions: tenantRoute(
    listTenantFlowRevisionsMeta,
    ZListTenantFlowRevisionsRequest,
    ZListFlowRevisionsResponse,
    ({ ctx, input }) => listRevisions("FLOW", ctx.actor, input.id),
  ),
  getRevision: tenantRoute(
    getTenantFlowRevisionMeta,
    ZGetTenantFlowRevisionRequest,
    ZGetFlowRevisionResponse,
    ({ ctx, input }) => getFlowRevision(ctx.actor, input),
  ),
  listRuns: tenantRoute(listTenantFlowRunsMeta, ZListTenantFlowRunsRequest, ZListSessionsResponse, ({ ctx, input }) =>
    listFlowRuns(ctx.actor, input),
  ),
  getRun: tenantRoute(getTenantFlowRunMeta, ZGetTenantFlowRunRequest, ZGetTenantFlowRunResponse, ({ ctx, input }) =>
    getRunOfFlow(ctx.actor, input),
  ),
});
