import { ZRestoreRevisionRequest, ZRestoreRevisionResponse } from "@/contracts/agents/restore-revision";
import { restoreAgentRevision } from "@/server/services/agents/restore-revision";
import { consoleProcedure } from "@/server/trpc/procedures";

export const restoreRevision = consoleProcedure
  .input(ZRestoreRevisionRequest)
  .output(ZRestoreRevisionResponse)
  .mutation(({ ctx, input }) => restoreAgentRevision(ctx.actor, input));
