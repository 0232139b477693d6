"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { firstFieldError } from "@/components/authoring/errors";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import { ZRenameSelfRequest } from "@/contracts/passwords/rename-self";
import styles from "./account.module.css";

/** Your email (your sign-in, fixed) and your name, which you may change. */
export function ProfileCard({ email, name }: { email: string; name: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [value, setValue] = useState(name);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const rename = useMutation(
    trpc.passwords.renameSelf.mutationOptions({
      onSuccess: ({ name: renamed }) => {
        setValue(renamed);
        setSaved(true);
        // The header shows the name: let the server render it again.
        router.refresh();
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const parsed = ZRenameSelfRequest.safeParse({ name: value });
    if (!parsed.success) {
      setFieldError(firstFieldError(parsed.error, { name: "Name" }));
      return;
    }
    setFieldError(null);
    rename.mutate(parsed.data);
  }

  return (
    <Card title="Profile" description="Your email is how you sign in; it cannot be changed here.">
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Profile">
        <dl className={styles.facts}>
          <dt className={styles.factLabel}>Email</dt>
          <dd data-testid="account-email">{email}</dd>
        </dl>
        <TextField
          label="Name"
          name="name"
          value={value}
          autoComplete="name"
          error={fieldError}
          hint="Shown to the people of your organizations and in the audit log."
          onChange={(event) => {
            setValue(event.target.value);
            setSaved(false);
            if (fieldError) setFieldError(null);
          }}
        />
        {rename.isError ? <Alert tone="error">{errorMessage(rename.error)}</Alert> : null}
        {saved ? <Alert tone="success">Your name was saved.</Alert> : null}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" busy={rename.isPending}>
            Save name
          </Button>
        </div>
      </form>
    </Card>
  );
}
