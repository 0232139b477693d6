import { ZSetFlowBindingPoliciesRequest, ZSetFlowBindingPoliciesResponse } from "@/contracts/flows/requests";
import { setFlowBindingPolicies as service } from "@/server/services/flows/set-flow-binding-policies";
import { consoleProcedure } from "@/server/trpc/procedures";

export const setFlowBindingPolicies = consoleProcedure
  .input(ZSetFlowBindingPoliciesRequest)
  .output(ZSetFlowBindingPoliciesResponse)
  .mutation(({ ctx, input }) => service(ctx.actor, input));
