"use client";

import Link from "next/link";
import type { TSessionRunFactsResponse } from "@/contracts/session-console/session-run-facts";
import { formatDuration } from "./run-facts";
import styles from "./sessions.module.css";

/** Where the agent (or flow) of a session lives in the console. */
export function automationHref(automation: TSessionRunFactsResponse["automation"]): string {
  return automation.kind === "flow"
    ? `/flows/${automation.id}`
    : `/domains/${automation.domainId}/agents/${automation.id}`;
}

/** "Revision 3", "Revision 2 (callers now run 3)", "A test run of the draft". */
function revisionText({ automation, revision }: TSessionRunFactsResponse): string {
  if (revision.testRun) return "a test snapshot of the draft";
  const current =
    automation.publishedRevision !== null && automation.publishedRevision !== revision.number
      ? ` (revision ${automation.publishedRevision} is published now)`
      : "";
  return `revision ${revision.number}${current}`;
}

/** The agent or flow that ran the session, linked to its page, and the revision every turn ran. */
export function SessionRunFacts({ facts }: { facts: TSessionRunFactsResponse }) {
  const noun = facts.automation.kind === "flow" ? "Flow" : "Agent";
  return (
    <p className={styles.runFacts} data-testid="session-run-facts">
      {noun}{" "}
      <Link href={automationHref(facts.automation)} className={styles.runFactsLink}>
        {facts.automation.name}
      </Link>
      , {revisionText(facts)}
      {facts.revision.changeNote && !facts.revision.testRun ? (
        <span className={styles.status}> · “{facts.revision.changeNote}”</span>
      ) : null}
    </p>
  );
}

/** The line above a turn's tool calls: its number, the revision it ran and how long it took. */
export function TurnFacts({ turn }: { turn: TSessionRunFactsResponse["turns"][number] }) {
  const revision = turn.revision < 0 ? "a test snapshot of the draft" : `revision ${turn.revision}`;
  return (
    <p className={styles.turnFacts} data-testid="turn-facts">
      Turn {turn.number} ran {revision}
      {turn.durationMs !== null ? ` · took ${formatDuration(turn.durationMs)}` : ""}
    </p>
  );
}
