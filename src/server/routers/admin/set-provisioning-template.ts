import {
  ZSetProvisioningTemplateRequest,
  ZSetProvisioningTemplateResponse,
} from "@/contracts/admin/set-provisioning-template";
import { setProvisioningTemplate as setProvisioningTemplateService } from "@/server/services/partner/templates/set-provisioning-template";
import { operatorProcedure } from "@/server/trpc/procedures";

export const setProvisioningTemplate = operatorProcedure
  .input(ZSetProvisioningTemplateRequest)
  .output(ZSetProvisioningTemplateResponse)
  .mutation(({ input }) => setProvisioningTemplateService(input.platformId, input.templateId));
