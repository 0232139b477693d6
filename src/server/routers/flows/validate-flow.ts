import { ZValidateFlowRequest, ZValidateFlowResponse } from "@/contracts/flows/requests";
import { validateFlow as service } from "@/server/services/flows/validate-flow";
import { consoleProcedure } from "@/server/trpc/procedures";

// A mutation only so the (possibly large, unsaved) document travels in a POST body, not a URL.
export const validateFlow = consoleProcedure
  .input(ZValidateFlowRequest)
  .output(ZValidateFlowResponse)
  .mutation(({ ctx, input }) => service(ctx.actor, input));
