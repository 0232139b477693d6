import { listWorkersMeta, ZListWorkersRequest, ZListWorkersResponse } from "@/contracts/partner/list-workers";
import { listWorkers as listWorkersService } from "@/server/services/partner/workers/list-workers";
import { partnerProcedure } from "@/server/trpc/procedures";

export const listWorkers = partnerProcedure
  .meta(listWorkersMeta)
  .input(ZListWorkersRequest)
  .output(ZListWorkersResponse)
  .query(({ ctx, input }) => listWorkersService(ctx.actor, input));
