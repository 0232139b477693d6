import {
  listIntegrationsMeta,
  ZListIntegrationsRequest,
  ZListIntegrationsResponse,
} from "@/contracts/integrations/list-integrations";
import { searchIntegrations } from "@/server/services/integrations/search-integrations";
import { userTokenProcedure } from "@/server/trpc/procedures";

/** GET /api/v1/authoring/integrations (section 4.3); its console twin is console/list-integrations.ts. */
export const listIntegrations = userTokenProcedure
  .meta(listIntegrationsMeta)
  .input(ZListIntegrationsRequest)
  .output(ZListIntegrationsResponse)
  .query(({ ctx, input }) => searchIntegrations(ctx.actor, input));
