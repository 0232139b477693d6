import { ZTriggerSubscriptionRequest, ZTriggerSubscriptionResponse } from "@/contracts/triggers/subscription";
import { subscribeAutomation } from "@/server/services/triggers/subscriptions";
import { consoleProcedure } from "@/server/trpc/procedures";

export const subscribe = consoleProcedure
  .input(ZTriggerSubscriptionRequest)
  .output(ZTriggerSubscriptionResponse)
  .mutation(({ ctx, input }) => subscribeAutomation(ctx.actor, input));
