import {
  listConnectionsMeta,
  ZListConnectionsRequest,
  ZListConnectionsResponse,
} from "@/contracts/assistant/connections-list";
import { listConnections as listConnectionsService } from "@/server/services/assistant/connections/list-connections";
import { partnerProcedure } from "@/server/trpc/procedures";
import { workerTarget } from "@/server/routers/assistant-workers/worker-target";

export const listConnections = partnerProcedure
  .meta(listConnectionsMeta)
  .input(ZListConnectionsRequest)
  .output(ZListConnectionsResponse)
  .query(async ({ ctx, input }) => {
    const rows = await listConnectionsService(workerTarget(ctx, input));
    return {
      items: rows.map((row) => ({
        provider: row.provider as "mail" | "calendar",
        status: row.status,
        scopes: row.scopes,
        connected_at: row.connectedAt.toISOString(),
        last_error: row.lastError,
      })),
    };
  });
