"use client";

import type { TPreviewTriggerResponse } from "@/contracts/triggers/preview-trigger";
import authoring from "@/components/authoring/authoring.module.css";
import styles from "./trigger-preview.module.css";

/** A firing as the chosen zone's clock shows it (the zone is the point of the preview). */
function inZone(iso: string, timezone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: timezone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(iso));
}

/** The schedule's next firings in its time zone; refusals are shown on their fields instead. */
export function SchedulePreview({ schedule }: { schedule: TPreviewTriggerResponse["schedule"] | undefined }) {
  if (!schedule || "error" in schedule) return null;
  return (
    <section className={styles.preview} aria-labelledby="schedule-preview-title">
      <h3 id="schedule-preview-title" className={styles.title}>
        Next firings ({schedule.timezone})
      </h3>
      <ol className={styles.firings} aria-label="Next firings">
        {schedule.nextFirings.map((firing) => (
          <li key={firing}>
            <time dateTime={firing}>{inZone(firing, schedule.timezone)}</time>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What an agent subscriber would receive as its message for the input shown. */
export function AgentMessagePreview({ message, pending }: { message: string | null | undefined; pending: boolean }) {
  return (
    <section className={styles.preview} aria-labelledby="agent-message-preview-title">
      <h3 id="agent-message-preview-title" className={styles.title}>
        Message an agent subscriber receives
      </h3>
      {message ? (
        <pre className={styles.message} aria-label="Agent message preview">
          {message}
        </pre>
      ) : (
        <p className={authoring.muted}>
          {pending ? "Rendering…" : "Type an input (a JSON object) to see the message."}
        </p>
      )}
      <p className={authoring.muted}>
        Its <code className={authoring.inlineCode}>prompt</code> when the input has one, else the input as text. Flows
        receive the input itself.
      </p>
    </section>
  );
}
