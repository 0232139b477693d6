import { ZListSubscribableRequest, ZListSubscribableResponse } from "@/contracts/triggers/subscription";
import { listSubscribable as listSubscribableService } from "@/server/services/triggers/subscriptions";
import { consoleProcedure } from "@/server/trpc/procedures";

export const listSubscribable = consoleProcedure
  .input(ZListSubscribableRequest)
  .output(ZListSubscribableResponse)
  .query(({ ctx, input }) => listSubscribableService(ctx.actor, input));
