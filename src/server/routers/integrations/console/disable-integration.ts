import { ZDisableIntegrationRequest, ZDisableIntegrationResponse } from "@/contracts/integrations/disable-integration";
import { disableIntegration as disableIntegrationService } from "@/server/services/integrations/disable-integration";
import { consoleProcedure } from "@/server/trpc/procedures";

export const disableIntegration = consoleProcedure
  .input(ZDisableIntegrationRequest)
  .output(ZDisableIntegrationResponse)
  .mutation(({ ctx, input }) => disableIntegrationService(ctx.actor, input));
