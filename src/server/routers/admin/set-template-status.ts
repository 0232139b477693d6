import { ZSetTemplateStatusRequest, ZSetTemplateStatusResponse } from "@/contracts/admin/set-template-status";
import { setTemplateStatus as setTemplateStatusService } from "@/server/services/partner/templates/set-template-status";
import { operatorProcedure } from "@/server/trpc/procedures";

export const setTemplateStatus = operatorProcedure
  .input(ZSetTemplateStatusRequest)
  .output(ZSetTemplateStatusResponse)
  .mutation(({ input }) => setTemplateStatusService(input.templateId, input.status));
