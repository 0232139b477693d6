import { ZListRevisionsRequest, ZListRevisionsResponse } from "@/contracts/agents/list-revisions";
import { listRevisions as listRevisionsService } from "@/server/services/agents/list-revisions";
import { consoleProcedure } from "@/server/trpc/procedures";

export const listRevisions = consoleProcedure
  .input(ZListRevisionsRequest)
  .output(ZListRevisionsResponse)
  .query(({ ctx, input }) => listRevisionsService(ctx.actor, input));
