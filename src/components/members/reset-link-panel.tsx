"use client";

import type { TSendPasswordResetResponse } from "@/contracts/passwords/send-reset";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import { DateTime } from "@/components/ui/date-time";
import styles from "./members.module.css";

export type TResetSent = { name: string; email: string; result: TSendPasswordResetResponse };

/** A password reset link sent for a member: "Emailed to …", or the link itself shown this once. */
export function ResetLinkPanel({ sent, onDone }: { sent: TResetSent; onDone: () => void }) {
  return (
    <section className={styles.panel} aria-labelledby="reset-link-title" data-testid="reset-link">
      <div className={styles.panelHeader}>
        <div>
          <h2 id="reset-link-title" className={styles.panelTitle}>
            Password reset for {sent.name}
          </h2>
          <p className={styles.panelLead}>
            The link works once, until <DateTime value={sent.result.expiresAt} />.
          </p>
        </div>
        <Button size="small" onClick={onDone}>
          Done
        </Button>
      </div>
      {sent.result.emailed || !sent.result.link ? (
        <Alert tone="success">Emailed to {sent.email}.</Alert>
      ) : (
        <>
          <CodeBlock value={sent.result.link} label="Password reset link" copyLabel="Copy link" />
          <div className={styles.panelNote}>
            <Alert tone="warning">
              Not emailed: copy the link and send it to {sent.email} yourself. It will not be shown again.
            </Alert>
          </div>
        </>
      )}
    </section>
  );
}
