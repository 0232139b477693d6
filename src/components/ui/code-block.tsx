import { CopyButton } from "./copy-button";
import styles from "./ui.module.css";

/** Monospaced, wrap-anywhere text (tokens, commands) with its Copy button. */
export function CodeBlock({ value, label, copyLabel = "Copy" }: { value: string; label: string; copyLabel?: string }) {
  return (
    <div className={styles.code}>
      <pre aria-label={label}>
        <code>{value}</code>
      </pre>
      <CopyButton value={value} label={copyLabel} className={styles.copyButton} />
    </div>
  );
}
