import { createTriggerMeta, ZCreateTriggerRequest, ZCreateTriggerResponse } from "@/contracts/triggers/create-trigger";
import { createTrigger as createTriggerService } from "@/server/services/triggers/create-trigger";
import { cookieOnlyProcedure } from "@/server/trpc/procedures";

/** POST /api/v1/triggers, also the console's create: the signed-in session only (section 5). */
export const createTrigger = cookieOnlyProcedure
  .meta(createTriggerMeta)
  .input(ZCreateTriggerRequest)
  .output(ZCreateTriggerResponse)
  .mutation(({ ctx, input }) => createTriggerService(ctx.actor, input));
