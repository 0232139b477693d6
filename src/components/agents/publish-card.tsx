"use client";

import { useState, type FormEvent } from "react";
import { detach } from "@/client/detach";
import { CHANGE_NOTE_MAX } from "@/contracts/agents/publish-agent";
import type { TBeltEntry } from "@/contracts/agents/setup";
import type { TPublishFinding } from "@/contracts/agents/verification";
import { TextAreaField } from "@/components/authoring/text-area-field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { BeltList } from "./belt-list";
import styles from "./agents.module.css";

export type TPublishOutcome =
  | { kind: "published"; revision: number; belt: TBeltEntry[] }
  | { kind: "unchanged"; revision: number; identicalTo: number }
  | { kind: "refused"; message: string; findings: TPublishFinding[] }
  | { kind: "failed"; message: string };

type TProps = {
  publishedRevision: number | null;
  dirty: boolean;
  onPublish: (changeNote: string) => Promise<TPublishOutcome>;
};

/** Publishing saves the draft first, so what is published is what the person sees. */
export function PublishCard({ publishedRevision, dirty, onPublish }: TProps) {
  const [changeNote, setChangeNote] = useState("");
  const [noteError, setNoteError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<TPublishOutcome | null>(null);

  // Detached by the form (React does not await an event handler); its own catch shows a failure.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (changeNote.trim().length > CHANGE_NOTE_MAX) {
      setNoteError(`The change note must be at most ${CHANGE_NOTE_MAX.toLocaleString("en")} characters.`);
      return;
    }
    setNoteError(null);
    setBusy(true);
    setOutcome(null);
    try {
      const result = await onPublish(changeNote);
      setOutcome(result);
      if (result.kind === "published" || result.kind === "unchanged") setChangeNote("");
    } finally {
      setBusy(false);
    }
  }

  const next = (publishedRevision ?? 0) + 1;
  return (
    <Card
      title="Publish"
      description={
        publishedRevision
          ? `Callers run revision ${publishedRevision} until you publish revision ${next}.`
          : "Nobody can run the agent before its first publish."
      }
    >
      <form
        onSubmit={(event) => detach(onSubmit(event), "publish card: submit")}
        noValidate
        className={styles.publishForm}
      >
        <TextAreaField
          label="Change note"
          name="changeNote"
          value={changeNote}
          rows={3}
          max={CHANGE_NOTE_MAX}
          error={noteError}
          hint="What changed, for the revision history."
          onChange={(event) => {
            setChangeNote(event.target.value);
            if (noteError) setNoteError(null);
          }}
        />
        <Button type="submit" variant="primary" busy={busy}>
          {dirty ? `Save and publish revision ${next}` : `Publish revision ${next}`}
        </Button>
      </form>
      <div>
        {outcome?.kind === "published" ? (
          <div className={styles.outcome}>
            <Alert tone="success" title={`Published revision ${outcome.revision}`}>
              Callers now run this revision.
            </Alert>
            <p className={styles.subheading}>Bindings of revision {outcome.revision}</p>
            <BeltList belt={outcome.belt} empty="No integrations: the agent answers without tools." />
          </div>
        ) : null}
        {outcome?.kind === "unchanged" ? (
          <div className={styles.outcome}>
            <Alert tone="warning" title={`Nothing changed since revision ${outcome.identicalTo}`}>
              Revision {outcome.revision} is identical to revision {outcome.identicalTo}: callers run the same setup as
              before. Edit the draft, then publish, to change what they run.
            </Alert>
          </div>
        ) : null}
        {outcome?.kind === "refused" ? (
          <div className={styles.outcome}>
            <Alert tone="error" title="Not published">
              <p>
                The verifier found {outcome.findings.length === 1 ? "a problem" : `${outcome.findings.length} problems`}
                ; nothing changed.
              </p>
              <ul className={styles.refusal} aria-label="Publish findings">
                {outcome.findings.map((finding, index) => (
                  <li key={index}>{finding.message}</li>
                ))}
              </ul>
              <p>They are highlighted in the Verify panel.</p>
            </Alert>
          </div>
        ) : null}
        {outcome?.kind === "failed" ? (
          <div className={styles.outcome}>
            <Alert tone="error" title="Not published">
              {outcome.message}
            </Alert>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
