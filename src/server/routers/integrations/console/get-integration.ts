import { ZGetIntegrationRequest, ZGetIntegrationResponse } from "@/contracts/integrations/get-integration";
import { getIntegration as getIntegrationService } from "@/server/services/integrations/get-integration";
import { consoleProcedure } from "@/server/trpc/procedures";

/** Console: the same read as the authoring route. */
export const getIntegration = consoleProcedure
  .input(ZGetIntegrationRequest)
  .output(ZGetIntegrationResponse)
  .query(({ ctx, input }) => getIntegrationService(ctx.actor, input));
