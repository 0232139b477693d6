import { createTriggerMeta, ZCreateTriggerRequest, ZCreateTriggerResponse } from "@/contracts/triggers/create-trigger";
import { createTrigger as createTriggerService } from "@/server/services/triggers/create-trigger";
import { cookieOnlyProcedure } from "@/server/trpc/procedures";
import { answerIdempotently } from "@/server/idempotency/idempotent-call";

/** POST /api/v1/triggers, also the console's create: the signed-in session only (section 5). */
export const createTrigger = cookieOnlyProcedure
  .meta(createTriggerMeta)
  .input(ZCreateTriggerRequest)
  .output(ZCreateTriggerResponse)
  .mutation(({ ctx, input }) =>
    answerIdempotently(ctx, {
      orgId: ctx.actor.orgId,
      scope: `triggers.create:${ctx.actor.userId}`,
      request: input,
      status: 201,
      execute: (record) => createTriggerService(ctx.actor, input, record),
    }),
  );
