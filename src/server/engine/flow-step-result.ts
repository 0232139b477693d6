// The shapes every flow step kind shares, in a module of their own: the step runners
// (flow-steps.ts, flow-agent-step.ts) and the flow runner all use them, and flow-steps.ts calls
// the agent step, so living in either runner would tie the two into a cycle.

/** How a step ended: an output, a failure with a code, or parked for an approval. */
export type TStepResult =
  | { kind: "done"; output: unknown; recorded?: true; completedRun?: true }
  | { kind: "failed"; code: string; message: string }
  | { kind: "suspended" };

/**
 * A step's run: its FlowStepRun row id, and its output once it has one. A tool step's row is
 * `unwritten` until its call starts (it is written in the same statement); `recorded` on its
 * result says its end was written with the call's finish too, and `completedRun` that the run's
 * completion was as well (its last step).
 */
export type TStepRun = { id: string; output: unknown; unwritten?: { index: number; input: unknown } };
