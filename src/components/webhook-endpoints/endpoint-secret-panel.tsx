"use client";

import { useEffect, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import type { TNewEndpointSecret } from "./create-endpoint-form";
import styles from "./webhook-endpoints.module.css";

/** The one moment the signing secret exists outside the vault. */
export function EndpointSecretPanel({ created, onDone }: { created: TNewEndpointSecret; onDone: () => void }) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView({ block: "nearest" });
    panel.current?.focus();
  }, [created]);

  return (
    <section ref={panel} className={styles.secretPanel} aria-labelledby="endpoint-secret-title" tabIndex={-1}>
      <div className={styles.secretHeader}>
        <h2 id="endpoint-secret-title" className={styles.secretTitle}>
          Signing secret for {created.url}
        </h2>
        <Button size="small" onClick={onDone}>
          Done
        </Button>
      </div>
      <CodeBlock value={created.secret} label="Signing secret" />
      <Alert tone="warning">
        This secret will not be shown again. Verify each delivery&apos;s X-Service-Signature with it.
      </Alert>
    </section>
  );
}
