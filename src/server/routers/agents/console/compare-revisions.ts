import { ZCompareRevisionsRequest, ZCompareRevisionsResponse } from "@/contracts/agents/compare-revisions";
import { compareAgentRevisions } from "@/server/services/agents/compare-revisions";
import { consoleProcedure } from "@/server/trpc/procedures";

export const compareRevisions = consoleProcedure
  .input(ZCompareRevisionsRequest)
  .output(ZCompareRevisionsResponse)
  .query(({ ctx, input }) => compareAgentRevisions(ctx.actor, input));
