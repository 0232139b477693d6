import { getIntegrationMeta, ZGetIntegrationRequest, ZGetIntegrationResponse } from "@/contracts/integrations/get-integration";
import { getIntegration } from "@/server/services/integrations/get-integration";
import { userTokenProcedure } from "@/server/trpc/procedures";

/** GET /api/v1/authoring/integrations/{id} (section 4.3). */
export const authoringGetIntegration = userTokenProcedure
  .meta(getIntegrationMeta)
  .input(ZGetIntegrationRequest)
  .output(ZGetIntegrationResponse)
  .query(({ ctx, input }) => getIntegration(ctx.actor, input));
