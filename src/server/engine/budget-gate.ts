// BUDGET SEAM (issue 4, `models` work): the one call site of the organization's LLM budget
// check. The lead wires it to src/server/services/budget/ at merge; until then every model
// call is allowed. The turn loop calls it before each model step.
export type TBudgetDecision = { ok: true } | { ok: false; code: "LLM_BUDGET_EXHAUSTED"; message: string };

export async function checkBudget(options: { orgId: string; turnId: string }): Promise<TBudgetDecision> {
  void options;
  return { ok: true };
}
