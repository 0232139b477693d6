import { ZGetEventTriggerRolloutResponse } from "@/contracts/admin/get-event-trigger-rollout";
import { getEventTriggerRollout as getEventTriggerRolloutService } from "@/server/services/admin/get-event-trigger-rollout";
import { operatorProcedure } from "@/server/trpc/procedures";

export const getEventTriggerRollout = operatorProcedure
  .output(ZGetEventTriggerRolloutResponse)
  .query(() => getEventTriggerRolloutService());
