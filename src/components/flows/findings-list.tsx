import type { TFlowFinding } from "@/contracts/flows/findings";
import { humanizeMessage } from "@/components/forms/field-errors";
import styles from "./flows.module.css";

export type TShownFinding = Pick<TFlowFinding, "path" | "message"> & { kind: TFlowFinding["kind"] | "syntax" };

/**
 * Live findings, every one at once (a malformed step id no longer hides the rest): each blocks
 * publish until it is fixed. The path shows where; the message is in words, without the path
 * repeated in front of it.
 */
export function FindingsList({ findings, checking }: { findings: TShownFinding[] | null; checking: boolean }) {
  if (!findings) return <p className={styles.status}>Checking…</p>;
  if (!findings.length) {
    return (
      <p className={styles.clean} data-testid="flow-findings-clean">
        {checking ? "Checking…" : "No findings: the document can be published."}
      </p>
    );
  }
  return (
    <ul className={styles.findings} aria-label="Findings" data-testid="flow-findings">
      {findings.map((finding, index) => (
        <li key={index} className={styles.finding} data-kind={finding.kind}>
          {finding.path ? <span className={styles.findingPath}>{finding.path}</span> : null}
          {humanizeMessage(finding.message, finding.path)}
        </li>
      ))}
    </ul>
  );
}
