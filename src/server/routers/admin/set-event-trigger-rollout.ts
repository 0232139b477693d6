import {
  ZSetEventTriggerRolloutRequest,
  ZSetEventTriggerRolloutResponse,
} from "@/contracts/admin/set-event-trigger-rollout";
import { setEventTriggerRollout as setEventTriggerRolloutService } from "@/server/services/admin/set-event-trigger-rollout";
import { operatorProcedure } from "@/server/trpc/procedures";

export const setEventTriggerRollout = operatorProcedure
  .input(ZSetEventTriggerRolloutRequest)
  .output(ZSetEventTriggerRolloutResponse)
  .mutation(({ ctx, input }) => setEventTriggerRolloutService(ctx.operatorUserId, input));
