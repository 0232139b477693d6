import {
  createTriggerMeta,
  ZCreateTriggerRequest,
  ZCreateTriggerResponse,
  type TCreateTriggerRequest,
  type TCreateTriggerResponse,
} from "@/contracts/triggers/create-trigger";
import { createTrigger as createTriggerService } from "@/server/services/triggers/create-trigger";
import { cookieOnlyProcedure } from "@/server/trpc/procedures";
import { answerIdempotently } from "@/server/idempotency/idempotent-call";
import type { TUserCallContext } from "@/server/trpc/tenant-route";

/** The operation, behind both doors: this route and the partner tenant route (routers/tenant). */
export const createTriggerCall = ({ ctx, input }: { ctx: TUserCallContext; input: TCreateTriggerRequest }) =>
  answerIdempotently<TCreateTriggerResponse>(ctx, {
    orgId: ctx.actor.orgId,
    scope: `triggers.create:${ctx.actor.userId}`,
    request: input,
    status: 201,
    execute: (record) => createTriggerService(ctx.actor, input, record),
  });

/** POST /api/v1/triggers, also the console's create: the signed-in session only (section 5). */
export const createTrigger = cookieOnlyProcedure
  .meta(createTriggerMeta)
  .input(ZCreateTriggerRequest)
  .output(ZCreateTriggerResponse)
  .mutation(createTriggerCall);
