import {
  fireTriggerMeta,
  ZFireTriggerRequest,
  ZFireTriggerResponse,
  type TFireTriggerRequest,
} from "@/contracts/triggers/fire-trigger";
import { fireTriggerByApi } from "@/server/services/triggers/fire-api";
import { userKeyProcedure } from "@/server/trpc/procedures";
import type { TUserCallContext } from "@/server/trpc/tenant-route";

/**
 * The operation, behind both doors: this route and the partner tenant route (routers/tenant),
 * whose keys are the platform's own claims (ctx.idempotencyScope). 202 `{ sessions }`; replays
 * say so in a header.
 */
export const fireTriggerCall = async ({ ctx, input }: { ctx: TUserCallContext; input: TFireTriggerRequest }) => {
  const outcome = await fireTriggerByApi(ctx.actor, input, ctx.req.headers, { idempotencyScope: ctx.idempotencyScope });
  if (outcome.replayed) ctx.resHeaders["Idempotency-Replayed"] = "true";
  return outcome.body;
};

/** POST /api/v1/triggers/fire (personal key). */
export const fireTrigger = userKeyProcedure
  .meta(fireTriggerMeta)
  .input(ZFireTriggerRequest)
  .output(ZFireTriggerResponse)
  .mutation(fireTriggerCall);
