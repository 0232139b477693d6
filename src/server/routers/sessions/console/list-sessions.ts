import { ZListSessionsRequest, ZListSessionsResponse } from "@/contracts/session-console/list-sessions";
import { listSessions as listSessionsService } from "@/server/services/session-console/list-sessions";
import { consoleProcedure } from "@/server/trpc/procedures";

export const listSessions = consoleProcedure
  .input(ZListSessionsRequest)
  .output(ZListSessionsResponse)
  .query(({ ctx, input }) => listSessionsService(ctx.actor, input));
