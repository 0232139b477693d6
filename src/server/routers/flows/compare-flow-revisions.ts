import { ZCompareFlowRevisionsRequest, ZCompareFlowRevisionsResponse } from "@/contracts/flows/compare-flow-revisions";
import { compareFlowRevisions as service } from "@/server/services/flows/compare-flow-revisions";
import { consoleProcedure } from "@/server/trpc/procedures";

export const compareFlowRevisions = consoleProcedure
  .input(ZCompareFlowRevisionsRequest)
  .output(ZCompareFlowRevisionsResponse)
  .query(({ ctx, input }) => service(ctx.actor, input));
