import { ZGetModuleRequest, ZGetModuleResponse } from "@/contracts/knowledge/get-module";
import { getModule as getModuleService } from "@/server/services/knowledge/get-module";
import { consoleProcedure } from "@/server/trpc/procedures";

export const getModule = consoleProcedure
  .input(ZGetModuleRequest)
  .output(ZGetModuleResponse)
  .query(({ ctx, input }) => getModuleService(ctx.actor, input));
