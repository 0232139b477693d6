import {
  ZImportOpenApiIntegrationRequest,
  ZImportOpenApiIntegrationResponse,
} from "@/contracts/integrations/import-openapi-integration";
import { importOpenApiIntegration as importOpenApiIntegrationService } from "@/server/services/integrations/import-openapi-integration";
import { consoleProcedure } from "@/server/trpc/procedures";

export const importOpenApiIntegration = consoleProcedure
  .input(ZImportOpenApiIntegrationRequest)
  .output(ZImportOpenApiIntegrationResponse)
  .mutation(({ ctx, input }) => importOpenApiIntegrationService(ctx.actor, input));
