import { ZPartnerOverview, ZPartnerOverviewRequest } from "@/contracts/support/support-grants";
import { partnerOverview as partnerOverviewService } from "@/server/services/partner/support/partner-overview";
import { consoleProcedure } from "@/server/trpc/procedures";

/** Settings > Partner: the customer's partner and the standing of its automations. */
export const partnerOverview = consoleProcedure
  .input(ZPartnerOverviewRequest)
  .output(ZPartnerOverview)
  .query(({ ctx }) => partnerOverviewService(ctx.actor));
