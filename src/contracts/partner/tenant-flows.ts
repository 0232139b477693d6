import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { routeMeta } from "@/contracts/common/meta";
import { zQueryInteger } from "@/contracts/common/query";
import { ZFlowId } from "@/contracts/flows/flow";
import { ZGetFlowRequest, ZListFlowRevisionsRequest, ZListFlowsResponse } from "@/contracts/flows/requests";
import { ZFlowRunDetail } from "@/contracts/flows/runs";
import { SESSION_PAGE_MAX } from "@/contracts/session-console/list-sessions";
import { ZRevisionPathNumber } from "./tenant-agents";
import { TENANT_PAGE_400, TENANT_PAGE_SENTENCE, tenantPaged, tenantPageQuery } from "./tenant-page";

// The flow reads of the partner tenant routes (issue 40): flows are authored in the console only
// (spec section 1), so a partner lists and reads them, their revisions and their runs. The
// request and response schemas are the console's; these metas describe them for a machine caller.

const FLOW_ID = "5f6a7b8c-9d0e-4f1a-a2b3-c4d5e6f7a8b9";
const DOMAIN_ID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const SESSION_ID = "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b";
const GRAPH = {
  inputSchema: { type: "object", properties: { amount: { type: "number" } } },
  steps: [{ id: "label", kind: "transform", output: { amount: "{{input.amount}}", size: "small" } }],
};
const REVISION_SUMMARY = {
  revision: 1,
  changeNote: "First version.",
  publishedAt: "2026-03-02T09:30:00.000Z",
  publishedBy: { id: "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e", name: "Ada Lovelace" },
};

const VIEW_403 = "The subject has no role in the flow's domain (FORBIDDEN).";
const FLOW_404 = "No flow with this id in the customer; the id names an agent (NOT_FOUND).";

export const listTenantFlowsMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    response: {
      flows: [
        {
          id: FLOW_ID,
          domainId: DOMAIN_ID,
          name: "Label refunds",
          description: null,
          publishedRevision: 1,
          stepCount: 1,
          updatedAt: "2026-03-02T09:30:00.000Z",
        },
      ],
      nextCursor: null,
    },
  },
  method: "GET",
  path: "/flows",
  summary: "List flows",
  description: `The flows of the domains the subject holds a role in, most recently changed first. \`publishedRevision\` is the revision runs use (null while a flow was never published: it cannot run). \`domainId\` narrows the list to one domain. ${TENANT_PAGE_SENTENCE} Flows are authored in the console; this surface reads them.`,
  tags: ["Flows"],
  security: [],
  errors: {
    400: `\`domainId\` is not a UUID, or an unknown parameter (VALIDATION). ${TENANT_PAGE_400}`,
    403: "The subject has no role in the `domainId` domain (FORBIDDEN).",
    404: "`domainId` names no domain of the customer (NOT_FOUND).",
  },
});
export const ZListTenantFlowsRequest = z.strictObject({
  domainId: ZUuid.optional().meta({ description: "Only this domain's flows." }),
  ...tenantPageQuery,
});
export const ZListTenantFlowsResponse = tenantPaged(ZListFlowsResponse);

export const getTenantFlowMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    response: {
      flow: {
        id: FLOW_ID,
        domainId: DOMAIN_ID,
        name: "Label refunds",
        description: null,
        kind: "flow",
        graph: GRAPH,
        bindingPolicies: {},
        publishedRevision: 1,
        createdAt: "2026-03-01T08:00:00.000Z",
        updatedAt: "2026-03-02T09:30:00.000Z",
      },
    },
  },
  method: "GET",
  path: "/flows/{id}",
  summary: "Read a flow",
  description:
    "The flow's draft graph and binding policies, and `publishedRevision`, the revision its runs use. Read what runs with `GET /flows/{id}/revisions/{revision}`.",
  tags: ["Flows"],
  security: [],
  errors: { 403: VIEW_403, 404: FLOW_404 },
});
export const ZGetTenantFlowRequest = ZGetFlowRequest;

export const listTenantFlowRevisionsMeta = routeMeta({
  surface: "partner-v1",
  examples: { response: { revisions: [REVISION_SUMMARY] } },
  method: "GET",
  path: "/flows/{id}/revisions",
  summary: "List a flow's published revisions",
  description: "Every published revision of the flow, newest first, with who published it and the change note.",
  tags: ["Flows"],
  security: [],
  errors: { 403: VIEW_403, 404: FLOW_404 },
});
export const ZListTenantFlowRevisionsRequest = ZListFlowRevisionsRequest;

export const getTenantFlowRevisionMeta = routeMeta({
  surface: "partner-v1",
  examples: { response: { revision: { ...REVISION_SUMMARY, graph: GRAPH, bindingPolicies: {}, belt: [] } } },
  method: "GET",
  path: "/flows/{id}/revisions/{revision}",
  summary: "Read one published revision of a flow",
  description: "The immutable graph runs of that revision execute, its binding policies and planned bindings (`belt`).",
  tags: ["Flows"],
  security: [],
  errors: { 403: VIEW_403, 404: `${FLOW_404} No revision with this number (NOT_FOUND).` },
});
export const ZGetTenantFlowRevisionRequest = z.strictObject({ id: ZFlowId, revision: ZRevisionPathNumber });

export const listTenantFlowRunsMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    response: {
      sessions: [
        {
          id: SESSION_ID,
          title: "Label refunds",
          kind: "domain",
          origin: "trigger",
          startedVia: { kind: "trigger", id: "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e", name: "Refund requests" },
          automationKind: "flow",
          revision: 1,
          lastRun: {
            outcome: "completed",
            errorCode: null,
            toolName: null,
            startedAt: "2026-03-02T10:00:00.000Z",
            finishedAt: "2026-03-02T10:00:01.250Z",
            durationMs: 1250,
          },
          testRun: false,
          domain: { id: DOMAIN_ID, name: "Front office" },
          agent: { id: FLOW_ID, name: "Label refunds" },
          owner: null,
          state: "idle",
          outcome: null,
          archived: false,
          createdAt: "2026-03-02T10:00:00.000Z",
          updatedAt: "2026-03-02T10:00:01.250Z",
        },
      ],
      nextCursor: null,
    },
  },
  method: "GET",
  path: "/flows/{id}/runs",
  summary: "List a flow's runs",
  description:
    "The flow's run history: one entry per run (the session that records it; `agent` names the flow), newest activity first, console test runs (`testRun`) and archived runs included. Pass `nextCursor` as `cursor` for the next page; null means the last page. Read one run's steps with `GET /flows/{id}/runs/{sessionId}`.",
  tags: ["Flows"],
  security: [],
  errors: {
    400: "`cursor` is not a UUID, `limit` outside 1-100, or an unknown parameter (VALIDATION).",
    403: VIEW_403,
    404: FLOW_404,
  },
});
export const ZListTenantFlowRunsRequest = z.strictObject({
  id: ZFlowId,
  cursor: ZUuid.optional().meta({ description: "`nextCursor` of the previous page." }),
  limit: zQueryInteger({ min: 1, max: SESSION_PAGE_MAX, default: 50, description: "Page size, 1-100; default 50." }),
});

export const getTenantFlowRunMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    response: {
      flowRun: {
        id: "8f9a0b1c-2d3e-4f5a-8b6c-7d8e9f0a1b2c",
        sessionId: SESSION_ID,
        automationId: FLOW_ID,
        revision: 1,
        status: "completed",
        input: { amount: 5 },
        output: { amount: 5, size: "small" },
        errorCode: null,
        errorMessage: null,
        createdAt: "2026-03-02T10:00:00.000Z",
        startedAt: "2026-03-02T10:00:00.100Z",
        finishedAt: "2026-03-02T10:00:01.250Z",
        deadlineAt: "2026-03-02T10:15:00.000Z",
        steps: [
          {
            stepId: "label",
            index: 0,
            kind: "transform",
            status: "completed",
            input: null,
            output: { amount: 5, size: "small" },
            errorCode: null,
            errorMessage: null,
            startedAt: "2026-03-02T10:00:00.100Z",
            finishedAt: "2026-03-02T10:00:00.110Z",
            durationMs: 10,
          },
        ],
        graph: GRAPH,
      },
    },
  },
  method: "GET",
  path: "/flows/{id}/runs/{sessionId}",
  summary: "Read one run of a flow",
  description:
    "The run the session records: its status, input, output or error, every step's input, result, timing and error (tool header values redacted), and the graph of the revision it ran.",
  tags: ["Flows"],
  security: [],
  errors: {
    403: VIEW_403,
    404: `${FLOW_404} No run of this flow that the subject can see under this session id (NOT_FOUND).`,
  },
});
export const ZGetTenantFlowRunRequest = z.strictObject({
  id: ZFlowId,
  sessionId: z.string().meta({ description: "The session that records the run (the fire response's `sessionId`)." }),
});
export const ZGetTenantFlowRunResponse = z.object({ flowRun: ZFlowRunDetail });
