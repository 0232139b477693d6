import { ZListFlowRevisionsRequest, ZListFlowRevisionsResponse } from "@/contracts/flows/requests";
import { listRevisions as service } from "@/server/services/automations/revisions";
import { consoleProcedure } from "@/server/trpc/procedures";

export const listFlowRevisions = consoleProcedure
  .input(ZListFlowRevisionsRequest)
  .output(ZListFlowRevisionsResponse)
  .query(({ ctx, input }) => service("FLOW", ctx.actor, input.id));
