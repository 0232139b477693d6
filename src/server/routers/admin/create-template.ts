import { ZCreateTemplateRequest, ZCreateTemplateResponse } from "@/contracts/admin/create-template";
import { createTemplate as createTemplateService } from "@/server/services/partner/templates/create-template";
import { operatorProcedure } from "@/server/trpc/procedures";

export const createTemplate = operatorProcedure
  .input(ZCreateTemplateRequest)
  .output(ZCreateTemplateResponse)
  .mutation(({ input }) => createTemplateService(input));
