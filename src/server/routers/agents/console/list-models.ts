import { ZListModelsRequest, ZListModelsResponse } from "@/contracts/agents/list-models";
import { listModels as listModelsService } from "@/server/services/agents/list-models";
import { consoleProcedure } from "@/server/trpc/procedures";

export const listModels = consoleProcedure
  .input(ZListModelsRequest)
  .output(ZListModelsResponse)
  .query(() => listModelsService());
