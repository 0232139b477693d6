"use client";

import { useEffect, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import styles from "./api-keys.module.css";

/** A key just created, with the secret shown this once (the view holds it only in its state). */
export type TNewSecret = { name: string; secret: string };

/** The one moment the full secret exists outside the database's hash. */
export function NewSecretPanel({ created, onDone }: { created: TNewSecret; onDone: () => void }) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView({ block: "nearest" });
    panel.current?.focus();
  }, [created]);

  return (
    <section
      ref={panel}
      className={styles.secretPanel}
      aria-labelledby="new-secret-title"
      tabIndex={-1}
      data-testid="new-secret"
    >
      <div className={styles.secretHeader}>
        <div>
          <h2 id="new-secret-title" className={styles.secretTitle}>
            Your new key “{created.name}”
          </h2>
          <p className={styles.secretLead}>Copy it now and keep it somewhere safe, such as your secrets manager.</p>
        </div>
        <Button size="small" onClick={onDone}>
          Done
        </Button>
      </div>
      <CodeBlock value={created.secret} label="New API key" />
      <div className={styles.secretWarning}>
        <Alert tone="warning">
          This key will not be shown again. If you lose it, create a new key and revoke this one.
        </Alert>
      </div>
    </section>
  );
}
