"use client";

import Link from "next/link";
import type { TSessionSummary } from "@/contracts/session-console/session-summary";
import authoring from "@/components/authoring/authoring.module.css";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import table from "@/components/ui/table.module.css";
import { formatDuration, originText, RelativeTime, RunOutcome } from "./run-facts";

/**
 * One run history row: what ran (kind, revision), how its last turn ended and how long it took,
 * who started it, when it started and when it was last active (two facts per cell where they
 * belong together, so the table fits a laptop screen).
 */
export function RunHistoryRow({ session, basePath }: { session: TSessionSummary; basePath: string }) {
  const automationPath =
    session.automationKind === "flow"
      ? `/flows/${session.agent.id}`
      : `/domains/${session.domain.id}/agents/${session.agent.id}`;
  return (
    <tr data-session-id={session.id}>
      <td>
        <Link href={`${basePath}/${session.id}`} className={authoring.rowLink}>
          {session.title}
        </Link>
        <div className={table.secondaryText}>
          {session.kind === "personal" ? "Personal chat" : session.domain.name}
          {session.testRun ? " · Test run of the draft" : ""}
          {session.outcome ? ` · ${session.outcome}` : ""}
          {session.archived ? " · archived" : ""}
        </div>
        <div className={table.secondaryText}>
          <code>{session.id.slice(0, 8)}</code> <CopyButton value={session.id} label="Copy id" />
        </div>
      </td>
      <td>
        <Badge tone="muted">{session.automationKind === "flow" ? "Flow" : "Agent"}</Badge>
      </td>
      <td>
        <Link href={automationPath} className={authoring.rowLink}>
          {session.agent.name}
        </Link>
        <div className={table.secondaryText}>{session.testRun ? "draft snapshot" : `revision ${session.revision}`}</div>
      </td>
      <td>
        <RunOutcome lastRun={session.lastRun} />
        {session.lastRun && session.lastRun.durationMs !== null ? (
          <div className={table.secondaryText}>Took {formatDuration(session.lastRun.durationMs)}</div>
        ) : null}
      </td>
      <td className={table.muted}>{originText(session)}</td>
      <td className={table.muted}>
        <div>
          Started <RelativeTime value={session.createdAt} />
        </div>
        <div className={table.secondaryText}>
          Active <RelativeTime value={session.updatedAt} />
        </div>
      </td>
    </tr>
  );
}
