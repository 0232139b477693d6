import type { TWebhookAttemptView } from "@/contracts/assistant/webhook-deliveries";
import { DateTime } from "@/components/ui/date-time";
import styles from "./webhooks.module.css";

function outcomeOf(attempt: TWebhookAttemptView): string {
  if (attempt.durationMs === null) return "no result recorded (in flight, or interrupted)";
  const status = attempt.statusCode === null ? "no answer" : `HTTP ${attempt.statusCode}`;
  return attempt.error ? `${status}: ${attempt.error}` : status;
}

/** Each attempt of one delivery, oldest first. */
export function DeliveryAttempts({ attempts }: { attempts: TWebhookAttemptView[] }) {
  if (attempts.length === 0) return <span className={styles.note}>No attempt yet.</span>;
  return (
    <ol className={styles.attempts} aria-label="Attempts">
      {attempts.map((attempt) => (
        <li key={attempt.number}>
          #{attempt.number} {attempt.manual ? "(manual) " : ""}
          <DateTime value={attempt.startedAt} />: {outcomeOf(attempt)}
          {attempt.durationMs !== null ? ` in ${attempt.durationMs} ms` : ""}
        </li>
      ))}
    </ol>
  );
}
