import {
  activateTenantTriggerMeta,
  deactivateTenantTriggerMeta,
  listTenantTriggersMeta,
  subscribeTenantTriggerMeta,
  TENANT_CREATE_TRIGGER_DESCRIPTION,
  tenantTriggerHistoryMeta,
  unsubscribeTenantTriggerMeta,
  ZListTenantTriggersRequest,
  ZListTenantTriggersResponse,
  ZSetTenantTriggerActiveRequest,
  ZSetTenantTriggerActiveResponse,
  ZTenantTriggerHistoryRequest,
  ZTenantTriggerHistoryResponse,
  ZTenantTriggerSubscriptionRequest,
  ZTenantTriggerSubscriptionResponse,
} from "@/contracts/partner/tenant-triggers";
import { createTriggerMeta, ZCreateTriggerRequest, ZCreateTriggerResponse } from "@/contracts/triggers/create-trigger";
import { fireTriggerMeta, ZFireTriggerRequest, ZFireTriggerResponse } from "@/contracts/triggers/fire-trigger";
import { listTriggers } from "@/server/services/triggers/list-triggers";
import { triggerHistory } from "@/server/services/triggers/run-history";
import { setTriggerActive } from "@/server/services/triggers/set-trigger-active";
import { subscribeAutomation, unsubscribeAutomation } from "@/server/services/triggers/subscriptions";
import { router } from "@/server/trpc/init";
import { tenantRoute } from "@/server/trpc/tenant-route";
import { createTriggerCall } from "@/server/routers/triggers/create-trigger";
import { fireTriggerCall } from "@/server/routers/triggers/fire-trigger";

/**
 * Spec 4.5 at /organizations/{orgId}/triggers...: create and fire are the v1 contracts and
 * operations; list, activation, subscriptions and run history are the console's services.
 */
export const tenantTriggersRouter = router({
  create: tenantRoute(createTriggerMeta, ZCreateTriggerRequest, ZCreateTriggerResponse, createTriggerCall, {
    description: TENANT_CREATE_TRIGGER_DESCRIPTION,
  }),
  list: tenantRoute(
    listTenantTriggersMeta,
    ZListTenantTriggersRequest,
    ZListTenantTriggersResponse,
    ({ ctx, input: { limit, cursor, ...input } }) => listTriggers(ctx.actor, input, { limit, cursor }),
  ),
  activate: tenantRoute(
    activateTenantTriggerMeta,
    ZSetTenantTriggerActiveRequest,
    ZSetTenantTriggerActiveResponse,
    ({ ctx, input }) => setTriggerActive(ctx.actor, { triggerId: input.triggerId, active: true }),
  ),
  deactivate: tenantRoute(
    deactivateTenantTriggerMeta,
    ZSetTenantTriggerActiveRequest,
    ZSetTenantTriggerActiveResponse,
    ({ ctx, input }) => setTriggerActive(ctx.actor, { triggerId: input.triggerId, active: false }),
  ),
  subscribe: tenantRoute(
    subscribeTenantTriggerMeta,
    ZTenantTriggerSubscriptionRequest,
    ZTenantTriggerSubscriptionResponse,
    ({ ctx, input }) => subscribeAutomation(ctx.actor, input),
  ),
  unsubscribe: tenantRoute(
    unsubscribeTenantTriggerMeta,
    ZTenantTriggerSubscriptionRequest,
    ZTenantTriggerSubscriptionResponse,
    ({ ctx, input }) => unsubscribeAutomation(ctx.actor, input),
  ),
  fire: tenantRoute(fireTriggerMeta, ZFireTriggerRequest, ZFireTriggerResponse, fireTriggerCall),
  history: tenantRoute(
    tenantTriggerHistoryMeta,
    ZTenantTriggerHistoryRequest,
    ZTenantTriggerHistoryResponse,
    ({ ctx, input }) => triggerHistory(ctx.actor, input),
  ),
});
