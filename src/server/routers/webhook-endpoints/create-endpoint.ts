import {
  createWebhookEndpointMeta,
  ZCreateWebhookEndpointRequest,
  ZCreateWebhookEndpointResponse,
} from "@/contracts/webhooks/endpoint-routes";
import { answerIdempotently } from "@/server/idempotency/idempotent-call";
import { createWebhookEndpoint } from "@/server/services/webhook-endpoints/endpoints";
import { userKeyProcedure } from "@/server/trpc/procedures";

/** POST /api/v1/webhook-endpoints (yk_): the answer shows the signing secret once. */
export const createEndpoint = userKeyProcedure
  .meta(createWebhookEndpointMeta)
  .input(ZCreateWebhookEndpointRequest)
  .output(ZCreateWebhookEndpointResponse)
  .mutation(({ ctx, input }) =>
    answerIdempotently(ctx, {
      orgId: ctx.actor.orgId,
      scope: `webhook-endpoints.create:${ctx.actor.userId}`,
      request: input,
      status: 201,
      execute: (record) => createWebhookEndpoint(ctx.actor, input, record),
    }),
  );
