import styles from "./flow-document-editor.module.css";

/** The step kinds and their fields, as docs/flows.md ("Steps") documents them. */
const KINDS = [
  ["tool", "tool (a tool wire id), args (templated JSON), next?", "Calls the tool; its output is the tool's result."],
  [
    "branch",
    "condition: { left, operator, right? }, then, else",
    "Goes to then when left operator right holds, else to else.",
  ],
  ["transform", "output (templated JSON), next?", "Builds data from the input and earlier outputs."],
  [
    "agent",
    "automationId (a published agent of the domain), prompt, next?",
    "Asks the agent one turn; its output is the answer.",
  ],
  ["approval", "title, next?", "Waits for a person of the domain; a rejection ends the run."],
] as const;

/**
 * The step reference beside the document. The API reference does not describe the flow
 * document (flows are authored in the console), so the reference lives where it is needed.
 */
export function StepReference() {
  return (
    <details id="step-reference" className={styles.reference}>
      <summary>Step reference</summary>
      <p className={styles.note}>
        Every step has an <code>id</code> (a letter, then letters, digits, _ or -) and a <code>kind</code>. Steps run in
        list order; <code>next: &lt;id&gt;</code> jumps, <code>next: end</code> ends the run. Templates:{" "}
        <code>{"{{input.<path>}}"}</code> and <code>{"{{steps.<id>.output.<path>}}"}</code> of a step that ran before.
      </p>
      <table className={styles.referenceTable}>
        <thead>
          <tr>
            <th scope="col">kind</th>
            <th scope="col">fields</th>
            <th scope="col">what it does</th>
          </tr>
        </thead>
        <tbody>
          {KINDS.map(([kind, fields, does]) => (
            <tr key={kind}>
              <th scope="row">
                <code>{kind}</code>
              </th>
              <td>{fields}</td>
              <td>{does}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.note}>Operators: equals, not-equals, &gt;, &lt;, contains, exists.</p>
    </details>
  );
}
