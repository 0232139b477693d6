import { ZListTriggersRequest, ZListTriggersResponse } from "@/contracts/triggers/list-triggers";
import { listTriggers as listTriggersService } from "@/server/services/triggers/list-triggers";
import { consoleProcedure } from "@/server/trpc/procedures";

export const listTriggers = consoleProcedure
  .input(ZListTriggersRequest)
  .output(ZListTriggersResponse)
  .query(({ ctx, input }) => listTriggersService(ctx.actor, input));
