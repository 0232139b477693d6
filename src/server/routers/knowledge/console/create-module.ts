import { ZCreateModuleRequest, ZCreateModuleResponse } from "@/contracts/knowledge/create-module";
import { createModule as createModuleService } from "@/server/services/knowledge/create-module";
import { consoleProcedure } from "@/server/trpc/procedures";

export const createModule = consoleProcedure
  .input(ZCreateModuleRequest)
  .output(ZCreateModuleResponse)
  .mutation(({ ctx, input }) => createModuleService(ctx.actor, input));
