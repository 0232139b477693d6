import Link from "next/link";
import { AUDIT_AREA_NAMES, AUDIT_AREAS } from "@/contracts/audit/audit-kind";
import type { TAuditEntry } from "@/contracts/audit/list-audit-entries";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import table from "@/components/ui/table.module.css";
import styles from "./audit.module.css";

const KIND_LABELS: Record<string, string> = Object.fromEntries(
  AUDIT_AREA_NAMES.flatMap((area) => Object.entries(AUDIT_AREAS[area].kinds)),
);

const SUBJECT_LINK_TEXT: Record<string, string> = {
  agent: "Open agent",
  flow: "Open flow",
  trigger: "Open triggers",
  connection: "Open connections",
};

/** `entries` is undefined while loading. */
export function AuditTable({ entries, filtered }: { entries: TAuditEntry[] | undefined; filtered: boolean }) {
  if (entries && entries.length === 0) {
    return (
      <Card>
        <EmptyState title={filtered ? "No entries match" : "Nothing logged yet"}>
          {filtered
            ? "Choose another person or kind to see more of the log."
            : "Changes to members, domains, keys, connections, agents, flows, triggers and settings appear here."}
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card flush>
      <div className={table.wrap}>
        <table className={table.table} aria-label="Audit log" aria-busy={!entries || undefined}>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">
                <span className="sr-only">Subject</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries ? (
              entries.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <DateTime value={entry.createdAt} />
                  </td>
                  <td className={styles.actor}>{entry.actorLabel}</td>
                  <td>
                    <span className={table.primaryText}>{entry.summary}</span>
                    <span className={styles.kind}>{KIND_LABELS[entry.kind] ?? entry.kind}</span>
                  </td>
                  <td className={table.actions}>
                    {entry.href ? (
                      <Link href={entry.href}>{SUBJECT_LINK_TEXT[entry.subject.type] ?? "Open"}</Link>
                    ) : null}
                  </td>
                </tr>
              ))
            ) : (
              <TableSkeleton columns={4} />
            )}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
