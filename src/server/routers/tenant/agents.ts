import { createAgentMeta, ZCreateAgentRequest, ZCreateAgentResponse } from "@/contracts/agents/create-agent";
import { ZGetAgentResponse } from "@/contracts/agents/get-agent";
import { ZGetRevisionResponse } from "@/contracts/agents/get-revision";
import { ZListRevisionsResponse } from "@/contracts/agents/list-revisions";
import { publishAgentMeta, ZPublishAgentRequest, ZPublishAgentResponse } from "@/contracts/agents/publish-agent";
import {
  setKnowledgeSelectionMeta,
  ZSetKnowledgeSelectionRequest,
  ZSetKnowledgeSelectionResponse,
} from "@/contracts/agents/set-knowledge-selection";
import {
  updateAgentSetupMeta,
  ZUpdateAgentSetupRequest,
  ZUpdateAgentSetupResponse,
} from "@/contracts/agents/update-agent-setup";
import { verifyAgentMeta, ZVerifyAgentRequest, ZVerifyAgentResponse } from "@/contracts/agents/verify-agent";
import {
  getTenantAgentMeta,
  getTenantAgentRevisionMeta,
  listTenantAgentRevisionsMeta,
  listTenantAgentsMeta,
  ZGetTenantAgentRequest,
  ZGetTenantAgentRevisionRequest,
  ZListTenantAgentRevisionsRequest,
  ZListTenantAgentsRequest,
  ZListTenantAgentsResponse,
} from "@/contracts/partner/tenant-agents";
import { getAgent } from "@/server/services/agents/get-agent";
import { getRevision } from "@/server/services/agents/get-revision";
import { listAgents } from "@/server/services/agents/list-agents";
import { listRevisions } from "@/server/services/automations/revisions";
import { router } from "@/server/trpc/init";
import { tenantRoute } from "@/server/trpc/tenant-route";
import { createAgentCall } from "@/server/routers/agents/create-agent";
import { publishAgentCall } from "@/server/routers/agents/publish-agent";
import { setKnowledgeSelectionCall } from "@/server/routers/agents/set-knowledge-selection";
import { updateAgentSetupCall } from "@/server/routers/agents/update-agent-setup";
import { verifyAgentCall } from "@/server/routers/agents/verify-agent";

/**
 * Agents at /organizations/{orgId}/...: the authoring routes of spec 4.3 at their v1 paths
 * (/authoring/automations/...), the same contracts and operations; and the reads the console
 * has (/agents, /agents/{id}, its revisions), with its schemas and services. All act as the subject.
 */
export const tenantAgentsRouter = router({
  list: tenantRoute(
    listTenantAgentsMeta,
    ZListTenantAgentsRequest,
    ZListTenantAgentsResponse,
    ({ ctx, input: { limit, cursor, ...input } }) => listAgents(ctx.actor, input, { limit, cursor }),
  ),
  get: tenantRoute(getTenantAgentMeta, ZGetTenantAgentRequest, ZGetAgentResponse, ({ ctx, input }) =>
    getAgent(ctx.actor, input),
  ),
  listRevisions: tenantRoute(
    listTenantAgentRevisionsMeta,
    ZListTenantAgentRevisionsRequest,
    ZListRevisionsResponse,
    ({ ctx, input }) => listRevisions("AGENT", ctx.actor, input.id),
  ),
  getRevision: tenantRoute(
    getTenantAgentRevisionMeta,
    ZGetTenantAgentRevisionRequest,
    ZGetRevisionResponse,
    ({ ctx, input }) => getRevision(ctx.actor, input),
  ),
  create: tenantRoute(createAgentMeta, ZCreateAgentRequest, ZCreateAgentResponse, createAgentCall),
  updateSetup: tenantRoute(
    updateAgentSetupMeta,
    ZUpdateAgentSetupRequest,
    ZUpdateAgentSetupResponse,
    updateAgentSetupCall,
  ),
  verify: tenantRoute(verifyAgentMeta, ZVerifyAgentRequest, ZVerifyAgentResponse, verifyAgentCall),
  publish: tenantRoute(publishAgentMeta, ZPublishAgentRequest, ZPublishAgentResponse, publishAgentCall),
  setKnowledgeSelection: tenantRoute(
    setKnowledgeSelectionMeta,
    ZSetKnowledgeSelectionRequest,
    ZSetKnowledgeSelectionResponse,
    setKnowledgeSelectionCall,
  ),
});
