import { ZSetFlowBindingPoliciesRequest, ZSetFlowBindingPoliciesResponse } from "@/contracts/flows/requests";
import { setBindingPolicies as service } from "@/server/services/automations/set-binding-policies";
import { consoleProcedure } from "@/server/trpc/procedures";

export const setFlowBindingPolicies = consoleProcedure
  .input(ZSetFlowBindingPoliciesRequest)
  .output(ZSetFlowBindingPoliciesResponse)
  .mutation(({ ctx, input }) => service("FLOW", ctx.actor, input));
