import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { routeMeta } from "@/contracts/common/meta";
import { ZGetAgentRequest } from "@/contracts/agents/get-agent";
import { ZListRevisionsRequest } from "@/contracts/agents/list-revisions";
import { ZListAgentsResponse } from "@/contracts/agents/list-agents";
import { ZAgentPathId } from "@/contracts/agents/setup";
import { TENANT_PAGE_400, TENANT_PAGE_SENTENCE, tenantPaged, tenantPageQuery } from "./tenant-page";

// The agent reads of the partner tenant routes (issue 40): the console's list, read and revision
// procedures have no /api/v1 twin, so these metas describe them for a machine caller; the
// request and response schemas are the console's (the authoring routes reuse the v1 contracts).

const AGENT_ID = "c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f";
const DOMAIN_ID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const SETUP = {
  principles: "Be concise and cite the ticket number.",
  procedure: "Look the ticket up with #service.http.get, then label it urgent or routine.",
  model: "builtin:procedure",
  approvalTools: [],
  actionClasses: {},
};
const PUBLISHED_BY = { id: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b", name: "Ada Lovelace" };
const REVISION_SUMMARY = {
  revision: 2,
  changeNote: "Route refund requests to billing.",
  publishedAt: "2026-03-02T09:30:00.000Z",
  publishedBy: PUBLISHED_BY,
};

const VIEW_403 = "The subject has no role in the agent's domain (FORBIDDEN).";
const AGENT_404 = "No agent with this id in the customer; the id names a flow (NOT_FOUND).";

export const listTenantAgentsMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    response: {
      agents: [
        {
          id: AGENT_ID,
          domainId: DOMAIN_ID,
          name: "Support triage",
          description: "Sorts incoming support tickets by urgency.",
          publishedRevision: 2,
          updatedAt: "2026-03-02T09:30:00.000Z",
        },
      ],
      nextCursor: null,
    },
  },
  method: "GET",
  path: "/agents",
  summary: "List agents",
  description: `The agents of the domains the subject holds a role in, drafts included (\`publishedRevision\` is null until the first publish), by name. \`domainId\` narrows the list to one domain. ${TENANT_PAGE_SENTENCE}`,
  tags: ["Agents"],
  security: [],
  errors: {
    400: `\`domainId\` is not a UUID, or an unknown parameter (VALIDATION). ${TENANT_PAGE_400}`,
    403: "The subject has no role in the `domainId` domain (FORBIDDEN).",
    404: "`domainId` names no domain of the customer (NOT_FOUND).",
  },
});

export const ZListTenantAgentsRequest = z.strictObject({
  domainId: ZUuid.optional().meta({ description: "Only this domain's agents." }),
  ...tenantPageQuery,
});
export const ZListTenantAgentsResponse = tenantPaged(ZListAgentsResponse);
export type TListTenantAgentsRequest = z.infer<typeof ZListTenantAgentsRequest>;

export const getTenantAgentMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    response: {
      agent: {
        id: AGENT_ID,
        domainId: DOMAIN_ID,
        name: "Support triage",
        description: "Sorts incoming support tickets by urgency.",
        kind: "agent",
        setup: SETUP,
        bindingPolicies: { "service.http": "service" },
        knowledgeSelection: { mode: "domain", moduleIds: [] },
        publishedRevision: 2,
        createdAt: "2026-03-01T08:00:00.000Z",
        updatedAt: "2026-03-02T09:30:00.000Z",
      },
    },
  },
  method: "GET",
  path: "/agents/{id}",
  summary: "Read an agent",
  description:
    "The agent's draft (Setup, binding policies, knowledge selection), which the authoring routes change, and `publishedRevision`, the revision its runs use (null until the first publish). Read a published snapshot with `GET /agents/{id}/revisions/{revision}`.",
  tags: ["Agents"],
  security: [],
  errors: { 403: VIEW_403, 404: AGENT_404 },
});
export const ZGetTenantAgentRequest = ZGetAgentRequest;

export const listTenantAgentRevisionsMeta = routeMeta({
  surface: "partner-v1",
  examples: { response: { revisions: [REVISION_SUMMARY, { ...REVISION_SUMMARY, revision: 1, changeNote: null }] } },
  method: "GET",
  path: "/agents/{id}/revisions",
  summary: "List an agent's published revisions",
  description: "Every published revision of the agent, newest first, with who published it and the change note.",
  tags: ["Agents"],
  security: [],
  errors: { 403: VIEW_403, 404: AGENT_404 },
});
export const ZListTenantAgentRevisionsRequest = ZListRevisionsRequest;

export const getTenantAgentRevisionMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    response: {
      revision: {
        ...REVISION_SUMMARY,
        setup: { ...SETUP, bindingPolicies: { "service.http": "service" } },
        belt: [{ integrationId: "service.http", identityMode: "service" }],
        knowledgeSelection: { mode: "domain", moduleIds: [] },
      },
    },
  },
  method: "GET",
  path: "/agents/{id}/revisions/{revision}",
  summary: "Read one published revision of an agent",
  description:
    "The immutable snapshot runs of that revision use: Setup with binding policies, the planned bindings (`belt`) and the knowledge selection.",
  tags: ["Agents"],
  security: [],
  errors: { 403: VIEW_403, 404: `${AGENT_404} No revision with this number (NOT_FOUND).` },
});

/**
 * A revision number in a path. Any text: what is no positive whole number names no revision, so
 * it reads as 0 and answers the revision's 404, never a 400.
 */
export const ZRevisionPathNumber = z
  .string()
  .transform((text) => (/^[1-9]\d{0,8}$/.test(text) ? Number(text) : 0))
  .meta({ description: "The revision number (1, 2, ...).", type: "integer", minimum: 1 });

export const ZGetTenantAgentRevisionRequest = z.strictObject({ id: ZAgentPathId, revision: ZRevisionPathNumber });
