import { ZSetBindingPoliciesRequest, ZSetBindingPoliciesResponse } from "@/contracts/agents/set-binding-policies";
import { setBindingPolicies as setBindingPoliciesService } from "@/server/services/automations/set-binding-policies";
import { consoleProcedure } from "@/server/trpc/procedures";

export const setBindingPolicies = consoleProcedure
  .input(ZSetBindingPoliciesRequest)
  .output(ZSetBindingPoliciesResponse)
  .mutation(({ ctx, input }) => setBindingPoliciesService("AGENT", ctx.actor, input));
