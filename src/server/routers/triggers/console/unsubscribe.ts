import { ZTriggerSubscriptionRequest, ZTriggerSubscriptionResponse } from "@/contracts/triggers/subscription";
import { unsubscribeAutomation } from "@/server/services/triggers/subscriptions";
import { consoleProcedure } from "@/server/trpc/procedures";

export const unsubscribe = consoleProcedure
  .input(ZTriggerSubscriptionRequest)
  .output(ZTriggerSubscriptionResponse)
  .mutation(({ ctx, input }) => unsubscribeAutomation(ctx.actor, input));
