import { ZSetTriggerActiveRequest, ZSetTriggerActiveResponse } from "@/contracts/triggers/set-trigger-active";
import { setTriggerActive as setTriggerActiveService } from "@/server/services/triggers/set-trigger-active";
import { consoleProcedure } from "@/server/trpc/procedures";

export const setTriggerActive = consoleProcedure
  .input(ZSetTriggerActiveRequest)
  .output(ZSetTriggerActiveResponse)
  .mutation(({ ctx, input }) => setTriggerActiveService(ctx.actor, input));
