import { ZRevokeSupportGrantRequest, ZRevokeSupportGrantResponse } from "@/contracts/support/support-grants";
import { revokeSupportGrant as revokeSupportGrantService } from "@/server/services/partner/support/support-grants";
import { consoleProcedure } from "@/server/trpc/procedures";

/** Revokes a live grant at once. */
export const revokeSupportGrant = consoleProcedure
  .input(ZRevokeSupportGrantRequest)
  .output(ZRevokeSupportGrantResponse)
  .mutation(({ ctx, input }) => revokeSupportGrantService(ctx.actor, input));
