import { ZListIntegrationsRequest, ZListIntegrationsResponse } from "@/contracts/integrations/list-integrations";
import { searchIntegrations } from "@/server/services/integrations/search-integrations";
import { consoleProcedure } from "@/server/trpc/procedures";

/** Console: the same search as the authoring route. */
export const listIntegrations = consoleProcedure
  .input(ZListIntegrationsRequest)
  .output(ZListIntegrationsResponse)
  .query(({ ctx, input }) => searchIntegrations(ctx.actor, input));
