import {
  getOAuthAppsMeta,
  putOAuthAppMeta,
  putOAuthStateMeta,
  ZGetOAuthAppsRequest,
  ZOAuthApps,
  ZPutOAuthAppRequest,
  ZPutOAuthStateRequest,
} from "@/contracts/assistant/oauth-apps";
import { idempotencyKeyOf } from "@/server/idempotency/idempotency-key";
import {
  putOAuthApp as putOAuthAppService,
  putOAuthState as putOAuthStateService,
  readOAuthApps,
} from "@/server/services/assistant/connections/oauth-apps";
import { partnerProcedure } from "@/server/trpc/procedures";

// Rule 1 of spec 4.8: X-Service-Subject names the organization admin worker (the service checks it).
const targetOf = (ctx: { actor: { platformId: string }; req: Request }, orgId: string) => ({
  platformId: ctx.actor.platformId,
  orgId,
  subject: ctx.req.headers.get("x-service-subject"),
});

export const getOAuthApps = partnerProcedure
  .meta(getOAuthAppsMeta)
  .input(ZGetOAuthAppsRequest)
  .output(ZOAuthApps)
  .query(({ ctx, input }) => readOAuthApps(targetOf(ctx, input.orgId)));

export const putOAuthApp = partnerProcedure
  .meta(putOAuthAppMeta)
  .input(ZPutOAuthAppRequest)
  .output(ZOAuthApps)
  .mutation(async ({ ctx, input }) => {
    const outcome = await putOAuthAppService({
      ...targetOf(ctx, input.orgId),
      appId: input.appId,
      values: input.values,
      idempotencyKey: idempotencyKeyOf(ctx.req.headers, undefined),
    });
    if (outcome.replayed) ctx.resHeaders["Idempotency-Replayed"] = "true";
    return outcome.body;
  });

export const putOAuthState = partnerProcedure
  .meta(putOAuthStateMeta)
  .input(ZPutOAuthStateRequest)
  .output(ZOAuthApps)
  .mutation(async ({ ctx, input }) => {
    const outcome = await putOAuthStateService({
      ...targetOf(ctx, input.orgId),
      state: input.state,
      idempotencyKey: idempotencyKeyOf(ctx.req.headers, undefined),
    });
    if (outcome.replayed) ctx.resHeaders["Idempotency-Replayed"] = "true";
    return outcome.body;
  });
