import { ZFireNowRequest, ZFireNowResponse } from "@/contracts/triggers/fire-now";
import { fireTriggerNow } from "@/server/services/triggers/fire-now";
import { consoleProcedure } from "@/server/trpc/procedures";

/** "Fire now" on the trigger page; the strict input has no callerCredentials (spec 5 rule 7). */
export const fireNow = consoleProcedure
  .input(ZFireNowRequest)
  .output(ZFireNowResponse)
  .mutation(({ ctx, input }) => fireTriggerNow(ctx.actor, input));
