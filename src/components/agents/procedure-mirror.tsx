import type { ReactNode } from "react";
import type { TSpan } from "@/contracts/agents/verification";
import styles from "./verify.module.css";

export type TMark = { span: TSpan; tone: "finding" | "warning"; id: string; label: string };

/**
 * The procedure as it was verified, read-only, with each finding's and warning's span marked.
 * Spans are UTF-16 offsets, exactly what String.slice uses. Overlapping or out-of-range spans
 * are skipped rather than drawn wrongly.
 */
export function ProcedureMirror({
  procedure,
  marks,
  activeId,
}: {
  procedure: string;
  marks: TMark[];
  activeId: string | null;
}) {
  const sorted = [...marks]
    .filter((mark) => mark.span.start < mark.span.end && mark.span.end <= procedure.length)
    .sort((a, b) => a.span.start - b.span.start);
  const parts: ReactNode[] = [];
  let cursor = 0;
  for (const mark of sorted) {
    if (mark.span.start < cursor) continue;
    if (mark.span.start > cursor) parts.push(procedure.slice(cursor, mark.span.start));
    parts.push(
      <mark
        key={mark.id}
        id={mark.id}
        className={`${styles.mark} ${mark.tone === "finding" ? styles.markFinding : styles.markWarning} ${activeId === mark.id ? styles.markActive : ""}`}
        title={mark.label}
      >
        {procedure.slice(mark.span.start, mark.span.end)}
      </mark>,
    );
    cursor = mark.span.end;
  }
  parts.push(procedure.slice(cursor));
  return (
    <pre
      className={styles.mirror}
      aria-label="Verified procedure with problems highlighted"
      data-testid="procedure-mirror"
    >
      {procedure ? parts : <span className={styles.mirrorEmpty}>The procedure is empty.</span>}
    </pre>
  );
}
