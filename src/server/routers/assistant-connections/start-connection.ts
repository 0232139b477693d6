import {
  startConnectionMeta,
  ZStartConnectionRequest,
  ZStartConnectionResponse,
} from "@/contracts/assistant/connections-start";
import { startConnection as startConnectionService } from "@/server/services/assistant/connections/start-connection";
import { partnerProcedure } from "@/server/trpc/procedures";
import { workerTarget } from "@/server/routers/assistant-workers/worker-target";

export const startConnection = partnerProcedure
  .meta(startConnectionMeta)
  .input(ZStartConnectionRequest)
  .output(ZStartConnectionResponse)
  .mutation(({ ctx, input }) =>
    startConnectionService({ ...workerTarget(ctx, input), provider: input.provider, returnTo: input.return_to }),
  );
