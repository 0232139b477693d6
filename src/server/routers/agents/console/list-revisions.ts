import { ZListRevisionsRequest, ZListRevisionsResponse } from "@/contracts/agents/list-revisions";
import { listRevisions as listRevisionsService } from "@/server/services/automations/revisions";
import { consoleProcedure } from "@/server/trpc/procedures";

export const listRevisions = consoleProcedure
  .input(ZListRevisionsRequest)
  .output(ZListRevisionsResponse)
  .query(({ ctx, input }) => listRevisionsService("AGENT", ctx.actor, input.id));
