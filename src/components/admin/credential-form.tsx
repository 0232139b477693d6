"use client";

import { useState, type FormEvent } from "react";
import { ZCredentialName } from "@/contracts/admin/partner-key";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import styles from "./admin.module.css";
import { firstFieldError } from "@/components/authoring/errors";

type TCredentialFormProps = {
  label: string;
  placeholder: string;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (name: string) => void;
};

/** The one-field "name it and create it" form of keys and apps. */
export function CredentialForm({ label, placeholder, submitLabel, busy, error, onSubmit }: TCredentialFormProps) {
  const [name, setName] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZCredentialName.safeParse(name);
    if (!parsed.success) return setFieldError(firstFieldError(parsed.error, label));
    setFieldError(null);
    onSubmit(parsed.data);
    setName("");
  }
  return (
    <form onSubmit={submit} noValidate>
      <div className={styles.inlineForm}>
        <TextField
          className={styles.grow}
          label={label}
          value={name}
          placeholder={placeholder}
          autoComplete="off"
          error={fieldError}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" variant="primary" className={styles.alignButton} busy={busy}>
          {submitLabel}
        </Button>
      </div>
      {error ? (
        <div className={styles.formError}>
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
    </form>
  );
}
