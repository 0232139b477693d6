import { fireTriggerMeta, ZFireTriggerRequest, ZFireTriggerResponse } from "@/contracts/triggers/fire-trigger";
import { fireTriggerByApi } from "@/server/services/triggers/fire-api";
import { userKeyProcedure } from "@/server/trpc/procedures";

/** POST /api/v1/triggers/fire (personal key): 202 `{ sessions }`; replays say so in a header. */
export const fireTrigger = userKeyProcedure
  .meta(fireTriggerMeta)
  .input(ZFireTriggerRequest)
  .output(ZFireTriggerResponse)
  .mutation(async ({ ctx, input }) => {
    const outcome = await fireTriggerByApi(ctx.actor, input, ctx.req.headers);
    if (outcome.replayed) ctx.resHeaders["Idempotency-Replayed"] = "true";
    return outcome.body;
  });
