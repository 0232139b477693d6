import {
  ZPublishTemplateReleaseRequest,
  ZPublishTemplateReleaseResponse,
} from "@/contracts/admin/publish-template-release";
import { publishTemplateRelease as publishTemplateReleaseService } from "@/server/services/partner/templates/publish-template-release";
import { operatorProcedure } from "@/server/trpc/procedures";

export const publishTemplateRelease = operatorProcedure
  .input(ZPublishTemplateReleaseRequest)
  .output(ZPublishTemplateReleaseResponse)
  .mutation(({ input }) => publishTemplateReleaseService(input));
