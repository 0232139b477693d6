import { ZValidateFlowRequest, ZValidateFlowResponse } from "@/contracts/flows/requests";
import { validateFlow as service } from "@/server/services/flows/validate-flow";
import { consoleProcedure } from "@/server/trpc/procedures";

export const validateFlow = consoleProcedure
  .input(ZValidateFlowRequest)
  .output(ZValidateFlowResponse)
  .query(({ ctx, input }) => service(ctx.actor, input));
