import { ZListFlowRevisionsRequest, ZListFlowRevisionsResponse } from "@/contracts/flows/requests";
import { listFlowRevisions as service } from "@/server/services/flows/list-flow-revisions";
import { consoleProcedure } from "@/server/trpc/procedures";

export const listFlowRevisions = consoleProcedure
  .input(ZListFlowRevisionsRequest)
  .output(ZListFlowRevisionsResponse)
  .query(({ ctx, input }) => service(ctx.actor, input));
