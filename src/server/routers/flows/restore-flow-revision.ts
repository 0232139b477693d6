import { ZRestoreFlowRevisionRequest, ZRestoreFlowRevisionResponse } from "@/contracts/flows/restore-flow-revision";
import { restoreFlowRevision as service } from "@/server/services/flows/restore-flow-revision";
import { consoleProcedure } from "@/server/trpc/procedures";

export const restoreFlowRevision = consoleProcedure
  .input(ZRestoreFlowRevisionRequest)
  .output(ZRestoreFlowRevisionResponse)
  .mutation(({ ctx, input }) => service(ctx.actor, input));
