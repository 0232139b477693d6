import {
  ZSetInstanceEventTriggersRequest,
  ZSetInstanceEventTriggersResponse,
} from "@/contracts/admin/set-instance-event-triggers";
import { setInstanceEventTriggers as setInstanceEventTriggersService } from "@/server/services/admin/set-instance-event-triggers";
import { operatorProcedure } from "@/server/trpc/procedures";

export const setInstanceEventTriggers = operatorProcedure
  .input(ZSetInstanceEventTriggersRequest)
  .output(ZSetInstanceEventTriggersResponse)
  .mutation(({ ctx, input }) => setInstanceEventTriggersService(ctx.operatorUserId, input));
