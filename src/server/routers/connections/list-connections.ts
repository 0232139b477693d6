import { ZListConnectionsRequest, ZListConnectionsResponse } from "@/contracts/connections/list-connections";
import { listConnections as listConnectionsService } from "@/server/services/connections/list-connections";
import { consoleProcedure } from "@/server/trpc/procedures";

export const listConnections = consoleProcedure
  .input(ZListConnectionsRequest)
  .output(ZListConnectionsResponse)
  .query(({ ctx, input }) => listConnectionsService(ctx.actor, input));
