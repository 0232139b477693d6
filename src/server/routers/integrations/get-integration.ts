import {
  getIntegrationMeta,
  ZGetIntegrationRequest,
  ZGetIntegrationResponse,
} from "@/contracts/integrations/get-integration";
import { getIntegration as getIntegrationService } from "@/server/services/integrations/get-integration";
import { userTokenProcedure } from "@/server/trpc/procedures";

/** GET /api/v1/authoring/integrations/{id} (section 4.3); its console twin is console/get-integration.ts. */
export const getIntegration = userTokenProcedure
  .meta(getIntegrationMeta)
  .input(ZGetIntegrationRequest)
  .output(ZGetIntegrationResponse)
  .query(({ ctx, input }) => getIntegrationService(ctx.actor, input));
