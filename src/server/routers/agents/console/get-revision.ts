import { ZGetRevisionRequest, ZGetRevisionResponse } from "@/contracts/agents/get-revision";
import { getRevision as getRevisionService } from "@/server/services/agents/get-revision";
import { consoleProcedure } from "@/server/trpc/procedures";

export const getRevision = consoleProcedure
  .input(ZGetRevisionRequest)
  .output(ZGetRevisionResponse)
  .query(({ ctx, input }) => getRevisionService(ctx.actor, input));
