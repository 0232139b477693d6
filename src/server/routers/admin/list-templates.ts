import { ZListTemplatesRequest, ZListTemplatesResponse } from "@/contracts/admin/list-templates";
import { listTemplates as listTemplatesService } from "@/server/services/partner/templates/list-templates";
import { operatorProcedure } from "@/server/trpc/procedures";

export const listTemplates = operatorProcedure
  .input(ZListTemplatesRequest)
  .output(ZListTemplatesResponse)
  .query(({ input }) => listTemplatesService(input.platformId));
