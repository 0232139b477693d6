/** The transcript shows the input as the run's first message; long inputs are cut there only. */
const INPUT_MESSAGE_MAX = 20_000;

function inputMessage(input: unknown): string {
  const text = JSON.stringify(input ?? null, null, 2);
  return text.length > INPUT_MESSAGE_MAX ? `${text.slice(0, INPUT_MESSAGE_MAX)}\n…` : text;
}

/**
 * What a flow run adds to a session start (services/sessions/start-sessions.ts): the input,
 * delivered verbatim to the flow (spec 4.5) and kept on its FlowRun, shown as the run's first
 * message. The run's execution is its one Turn: caller grants, approvals, the sweeper and the
 * session stream all key on it, like an agent turn's.
 */
export function flowRunStart(input: unknown): { message: string; flowRun: { input: unknown } } {
  return { message: inputMessage(input), flowRun: { input } };
}
