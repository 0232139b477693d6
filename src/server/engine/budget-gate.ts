import { checkBudget as checkOrganizationBudget, type TBudgetCheck } from "@/server/services/budget/check-budget";

// The one call site of the organization's LLM budget check; the turn loop calls it before
// each model step (issue 4: services/budget decides, monthly UTC period).
export type TBudgetDecision = TBudgetCheck;

export async function checkBudget(options: { orgId: string; turnId: string }): Promise<TBudgetDecision> {
  return checkOrganizationBudget(options.orgId);
}
