"use client";

import { useEffect, useRef } from "react";
import type { TInviteMemberResponse } from "@/contracts/members/invite-member";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import styles from "./members.module.css";

const MAIL_NOTE: Record<
  TInviteMemberResponse["mail"],
  { tone: "success" | "warning"; text: (email: string) => string }
> = {
  sent: { tone: "success", text: (email) => `Emailed to ${email}. You can also send them the link yourself.` },
  failed: { tone: "warning", text: () => "The invitation could not be emailed; copy the link and send it yourself." },
  off: { tone: "warning", text: () => "Email is not set up on this service: copy the link and send it yourself." },
};

/** The one moment the invitation's link exists outside the database's hash. */
export function InvitationLinkPanel({ result, onDone }: { result: TInviteMemberResponse; onDone: () => void }) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView({ block: "nearest" });
    panel.current?.focus();
  }, [result]);
  const note = MAIL_NOTE[result.mail];
  return (
    <section
      ref={panel}
      className={styles.panel}
      aria-labelledby="invitation-link-title"
      tabIndex={-1}
      data-testid="invitation-link"
    >
      <div className={styles.panelHeader}>
        <div>
          <h2 id="invitation-link-title" className={styles.panelTitle}>
            Invitation for {result.invitation.email}
          </h2>
          <p className={styles.panelLead}>
            This link works once, until the invitation expires. It will not be shown again.
          </p>
        </div>
        <Button size="small" onClick={onDone}>
          Done
        </Button>
      </div>
      <CodeBlock value={result.link} label="Invitation link" copyLabel="Copy link" />
      <div className={styles.panelNote}>
        <Alert tone={note.tone}>{note.text(result.invitation.email)}</Alert>
      </div>
    </section>
  );
}
