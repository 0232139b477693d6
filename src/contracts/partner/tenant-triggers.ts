import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { routeMeta } from "@/contracts/common/meta";
import { zQueryInteger } from "@/contracts/common/query";
import { ZListTriggersRequest, ZListTriggersResponse } from "@/contracts/triggers/list-triggers";
import { ZSetTriggerActiveResponse } from "@/contracts/triggers/set-trigger-active";
import { ZTriggerSubscriptionRequest, ZTriggerSubscriptionResponse } from "@/contracts/triggers/subscription";
import { ZSubscriberOutcome, ZTriggerHistoryResponse } from "@/contracts/triggers/run-history";
import { TENANT_PAGE_400, TENANT_PAGE_SENTENCE, tenantPaged, tenantPageQuery } from "./tenant-page";

// The console's trigger operations (src/server/routers/triggers/console) on the partner tenant
// door (issue 40): their services, inputs and outputs; create and fire are the v1 contracts.

const DOMAIN_ID = "6f1c2a4e-8b3d-4f5a-9c7e-2d1b0a9f8e7d";
const TRIGGER_ID = "0b9e6d2c-4a1f-4e3b-8c5d-7f6a5b4c3d2e";
const AUTOMATION_ID = "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b";
const API_TRIGGER = {
  id: TRIGGER_ID,
  domainId: DOMAIN_ID,
  name: "New order",
  active: true,
  createdAt: "2026-01-05T09:00:00.000Z",
  type: "api",
};
const SUBSCRIBER = { automationId: AUTOMATION_ID, name: "Order triage", kind: "agent", callerRequired: false };
const MANAGE_403 =
  "The subject's role in the trigger's domain does not allow editing automations (Editor or Owner; FORBIDDEN).";
const TRIGGER_404 = "No trigger with this id in the customer (NOT_FOUND).";

/** POST /triggers: the v1 contract, described for a door where the subject is no cookie session. */
export const TENANT_CREATE_TRIGGER_DESCRIPTION =
  "Creates a `schedule`, `api` or `event` trigger in a domain where the subject may edit automations (Editor or Owner). Event triggers are validated against the integration catalog (adapter, event type, filter field), the organization's rollout of event triggers and the connection, and get an ingress URL; `endpointSecret` is write-only. Subscribe agents and flows with `PUT /triggers/{triggerId}/subscribers/{automationId}`.";

export const listTenantTriggersMeta = routeMeta({
  surface: "partner-v1",
  examples: { response: { triggers: [{ trigger: API_TRIGGER, subscribers: [SUBSCRIBER] }], nextCursor: null } },
  method: "GET",
  path: "/triggers",
  summary: "List a domain's triggers",
  description: `The domain's triggers, newest first, each with its subscribed agents and flows, as the console lists them. ${TENANT_PAGE_SENTENCE} Any member of the domain may read (Viewer included). Event triggers show whether an endpoint secret is set, never the secret.`,
  tags: ["Triggers"],
  security: [],
  errors: {
    400: `\`domainId\` is missing or not a UUID (VALIDATION). ${TENANT_PAGE_400}`,
    403: "The subject is no member of the domain (FORBIDDEN).",
    404: "The domain is unknown to the customer (NOT_FOUND).",
  },
});
export const ZListTenantTriggersRequest = ZListTriggersRequest.extend(tenantPageQuery);
export const ZListTenantTriggersResponse = tenantPaged(ZListTriggersResponse);

const ZTriggerPath = z.strictObject({ triggerId: ZUuid.meta({ description: "The trigger's id." }) });
export type TTriggerPath = z.infer<typeof ZTriggerPath>;

function activationMeta(active: boolean) {
  return routeMeta({
    surface: "partner-v1",
    examples: { request: {}, response: { trigger: { ...API_TRIGGER, active } } },
    method: "POST",
    path: active ? "/triggers/{triggerId}/activate" : "/triggers/{triggerId}/deactivate",
    summary: active ? "Activate a trigger" : "Deactivate a trigger",
    description: active
      ? "Makes the trigger fire again (and accept firings). A schedule plans its next firing from now: firings missed while it was inactive are skipped, not caught up. Activating an active trigger changes nothing."
      : "Stops the trigger: a schedule plans no firing, an event trigger ignores deliveries, an API trigger refuses firings (409). Deactivating an inactive trigger changes nothing.",
    tags: ["Triggers"],
    security: [],
    errors: { 400: "`triggerId` is not a UUID (VALIDATION).", 403: MANAGE_403, 404: TRIGGER_404 },
  });
}
export const activateTenantTriggerMeta = activationMeta(true);
export const deactivateTenantTriggerMeta = activationMeta(false);
export const ZSetTenantTriggerActiveRequest = ZTriggerPath;
export const ZSetTenantTriggerActiveResponse = ZSetTriggerActiveResponse;

const SUBSCRIPTION_ERRORS = {
  400: "An id is not a UUID, or (subscribe) the agent or flow belongs to another domain or was never published (VALIDATION).",
  403: MANAGE_403,
  404: "No trigger, or (subscribe) no agent or flow, with this id in the customer (NOT_FOUND).",
};

export const subscribeTenantTriggerMeta = routeMeta({
  surface: "partner-v1",
  examples: { request: {}, response: { subscribers: [SUBSCRIBER] } },
  method: "PUT",
  path: "/triggers/{triggerId}/subscribers/{automationId}",
  summary: "Subscribe an agent or flow to a trigger",
  description:
    "Subscribes a published agent or flow of the trigger's own domain; every firing then starts it. Subscribing twice changes nothing. Answers the trigger's subscribers after the change. Caller-required subscribers are allowed: API firings can supply caller material, scheduled and event firings record them as refused (`CALLER_CREDENTIALS_REQUIRED`).",
  tags: ["Triggers"],
  security: [],
  errors: SUBSCRIPTION_ERRORS,
});

export const unsubscribeTenantTriggerMeta = routeMeta({
  surface: "partner-v1",
  examples: { response: { subscribers: [] } },
  method: "DELETE",
  path: "/triggers/{triggerId}/subscribers/{automationId}",
  summary: "Unsubscribe an agent or flow from a trigger",
  description:
    "Removes the subscription; removing one that does not exist changes nothing. Answers the trigger's subscribers after the change.",
  tags: ["Triggers"],
  security: [],
  errors: {
    400: "An id is not a UUID (VALIDATION).",
    403: MANAGE_403,
    404: TRIGGER_404,
  },
});
export const ZTenantTriggerSubscriptionRequest = ZTriggerSubscriptionRequest;
export const ZTenantTriggerSubscriptionResponse = ZTriggerSubscriptionResponse;

export const TRIGGER_HISTORY_PAGE_DEFAULT = 20;
export const TRIGGER_HISTORY_PAGE_MAX = 100;

export const tenantTriggerHistoryMeta = routeMeta({
  surface: "partner-v1",
  examples: {
    response: {
      firings: [
        {
          id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
          source: "api",
          createdAt: "2026-01-06T10:15:00.000Z",
          scheduledFor: null,
          actor: { userId: "7a1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e", name: "Dana Owner" },
          unusedIntegrationIds: [],
          results: [
            {
              automationId: AUTOMATION_ID,
              name: "Order triage",
              kind: "agent",
              outcome: "started",
              errorCode: null,
              errorMessage: null,
              sessionId: "5f6a7b8c-9d0e-4f1a-a2b3-c4d5e6f7a8b9",
              flowRunId: null,
            },
          ],
        },
      ],
      nextBefore: null,
    },
  },
  method: "GET",
  path: "/triggers/{triggerId}/firings",
  summary: "Read a trigger's run history",
  description:
    "The trigger's firings, newest first, each with every subscriber's result: `started` (with its session), `skipped` or `failed` (with the error code, e.g. `CALLER_CREDENTIALS_REQUIRED` or `AUTOMATION_DISABLED`). `outcome` keeps firings where at least one subscriber had it. Pages by cursor, as in the console: pass `nextBefore` as `before` for older firings; `null` on the last page. Ids and codes only, never credential material. Any member of the domain may read (Viewer included).",
  tags: ["Triggers"],
  security: [],
  errors: {
    400: "`triggerId` is not a UUID, `limit` outside 1-100, `before` not an ISO-8601 timestamp, an unknown `outcome` or parameter (VALIDATION).",
    403: "The subject is no member of the trigger's domain (FORBIDDEN).",
    404: TRIGGER_404,
  },
});

export const ZTenantTriggerHistoryRequest = z.strictObject({
  triggerId: ZUuid.meta({ description: "The trigger's id." }),
  outcome: ZSubscriberOutcome.optional().meta({ description: "Only firings where a subscriber had this outcome." }),
  limit: zQueryInteger({
    min: 1,
    max: TRIGGER_HISTORY_PAGE_MAX,
    default: TRIGGER_HISTORY_PAGE_DEFAULT,
    description: "Page size, 1-100; default 20.",
  }),
  before: z.iso
    .datetime({ offset: true })
    .optional()
    .meta({ description: "Cursor: only firings created before this instant (the previous page's `nextBefore`)." }),
});
export const ZTenantTriggerHistoryResponse = ZTriggerHistoryResponse;
