import { ZListModulesResponse } from "@/contracts/knowledge/list-modules";
import { listModules as listModulesService } from "@/server/services/knowledge/list-modules";
import { consoleProcedure } from "@/server/trpc/procedures";

export const listModules = consoleProcedure
  .output(ZListModulesResponse)
  .query(({ ctx }) => listModulesService(ctx.actor));
