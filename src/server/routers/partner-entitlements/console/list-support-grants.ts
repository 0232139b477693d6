import { ZListSupportGrantsRequest, ZListSupportGrantsResponse } from "@/contracts/support/support-grants";
import { listSupportGrants as listSupportGrantsService } from "@/server/services/partner/support/support-grants";
import { consoleProcedure } from "@/server/trpc/procedures";

/** The live support grants the person may manage (optionally of one session). */
export const listSupportGrants = consoleProcedure
  .input(ZListSupportGrantsRequest)
  .output(ZListSupportGrantsResponse)
  .query(({ ctx, input }) => listSupportGrantsService(ctx.actor, input));
