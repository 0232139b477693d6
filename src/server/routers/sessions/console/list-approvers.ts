import { ZListApproversRequest, ZListApproversResponse } from "@/contracts/session-console/list-approvers";
import { listApprovers as listApproversService } from "@/server/services/session-console/list-approvers";
import { consoleProcedure } from "@/server/trpc/procedures";

export const listApprovers = consoleProcedure
  .input(ZListApproversRequest)
  .output(ZListApproversResponse)
  .query(({ ctx, input }) => listApproversService(ctx.actor, input));
