import { ZGetTemplateSourceRequest, ZGetTemplateSourceResponse } from "@/contracts/admin/get-template-source";
import { getTemplateSource as getTemplateSourceService } from "@/server/services/partner/templates/get-template-source";
import { operatorProcedure } from "@/server/trpc/procedures";

export const getTemplateSource = operatorProcedure
  .input(ZGetTemplateSourceRequest)
  .output(ZGetTemplateSourceResponse)
  .query(({ input }) => getTemplateSourceService(input.templateId));
