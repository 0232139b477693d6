import { ZGetFlowRevisionRequest, ZGetFlowRevisionResponse } from "@/contracts/flows/requests";
import { getFlowRevision as service } from "@/server/services/flows/get-flow-revision";
import { consoleProcedure } from "@/server/trpc/procedures";

export const getFlowRevision = consoleProcedure
  .input(ZGetFlowRevisionRequest)
  .output(ZGetFlowRevisionResponse)
  .query(({ ctx, input }) => service(ctx.actor, input));
