import { z } from "zod";
import {
  ZListSupportGrantsRequest,
  ZListSupportGrantsResponse,
  ZPartnerOverview,
  ZRevokeSupportGrantRequest,
  ZRevokeSupportGrantResponse,
  ZShareWithSupportRequest,
  ZSupportGrantView,
} from "@/contracts/support/support-grants";
import { partnerOverview as partnerOverviewService } from "@/server/services/partner/support/partner-overview";
import { listSupportGrants, revokeSupportGrant, shareWithSupport } from "@/server/services/partner/support/support-grants";
import { consoleProcedure } from "@/server/trpc/procedures";
import { router } from "@/server/trpc/init";

/** Console procedures of a partner's customer: its partner, its entitlements and its support grants. */
export const supportConsoleRouter = router({
  overview: consoleProcedure.input(z.strictObject({}).optional()).output(ZPartnerOverview).query(({ ctx }) => partnerOverviewService(ctx.actor)),
  share: consoleProcedure.input(ZShareWithSupportRequest).output(ZSupportGrantView).mutation(({ ctx, input }) => shareWithSupport(ctx.actor, input)),
  grants: consoleProcedure.input(ZListSupportGrantsRequest).output(ZListSupportGrantsResponse).query(({ ctx, input }) => listSupportGrants(ctx.actor, input)),
  revoke: consoleProcedure.input(ZRevokeSupportGrantRequest).output(ZRevokeSupportGrantResponse).mutation(({ ctx, input }) => revokeSupportGrant(ctx.actor, input)),
});
