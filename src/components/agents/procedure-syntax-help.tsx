import styles from "./procedure-editor.module.css";

/** The procedure's grammar in four lines, beside the editor (docs/decisions.md, "The procedure grammar"). */
export function ProcedureSyntaxHelp() {
  return (
    <aside className={styles.syntax} aria-labelledby="procedure-syntax-title">
      <h3 id="procedure-syntax-title" className={styles.syntaxTitle}>
        Syntax
      </h3>
      <dl className={styles.syntaxList}>
        <dt>
          <code>#service.http.get</code>
        </dt>
        <dd>Refers to a tool; type # to pick one. Referenced tools form the agent&apos;s belt.</dd>
        <dt>
          <code>{'#service.http.get {"url": "…"}'}</code>
        </dt>
        <dd>
          A tool line: the reference, then a JSON object of arguments that ends the line. builtin:procedure calls these
          in order.
        </dd>
        <dt>
          <code>{"{{message}}"}</code>
        </dt>
        <dd>The caller&apos;s message, inside the arguments.</dd>
        <dt>
          <code>{"{{input.<path>}}"}</code>
        </dt>
        <dd>A field of the message when it is a JSON object, e.g. {"{{input.order.id}}"}.</dd>
      </dl>
      <p className={styles.syntaxNote}>Other lines are instructions that language models read.</p>
    </aside>
  );
}
