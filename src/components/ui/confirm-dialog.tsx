"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import styles from "./dialog.module.css";

type TConfirmDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  error?: string | null;
  tone?: "danger" | "primary";
  onConfirm: () => void;
  onClose: () => void;
};

/** The confirm step before something that cannot be undone: a native modal <dialog>. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy = false,
  error,
  tone = "danger",
  onConfirm,
  onClose,
}: TConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={onClose}
    >
      <div className={styles.dialogBody}>
        <h2 id={titleId} className={styles.dialogTitle}>
          {title}
        </h2>
        <div id={textId} className={styles.dialogText}>
          {children}
        </div>
        {error ? (
          <div className={styles.dialogError}>
            <Alert tone="error">{error}</Alert>
          </div>
        ) : null}
      </div>
      <div className={styles.dialogActions}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant={tone} busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
