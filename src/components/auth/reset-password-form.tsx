"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { detach } from "@/client/detach";
import { useTRPC } from "@/client/trpc";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { NewPasswordFields, newPasswordErrors, type TNewPasswordErrors } from "./new-password-fields";
import styles from "./auth.module.css";

/**
 * The new password, twice. The link is spent and every session of the person ends; the person is
 * then signed in here with the new password (or sent to the sign-in page if that fails).
 */
export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [errors, setErrors] = useState<TNewPasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const complete = useMutation(trpc.passwords.completeReset.mutationOptions());

  // Detached by the form (React does not await an event handler); its own catch shows a failure.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    const found = newPasswordErrors(password, String(form.get("confirm") ?? ""));
    setErrors(found);
    setFailure(null);
    if (found.password || found.confirm) return;
    let account: string;
    try {
      account = (await complete.mutateAsync({ token, password })).email;
    } catch (error) {
      setFailure(errorMessage(error, "Your password was not changed. Try again in a moment."));
      return;
    }
    setSigningIn(true);
    const result = await signIn("credentials", { email: account, password, redirect: false }).catch(() => null);
    if (result?.ok && !result.error) {
      router.replace("/");
      router.refresh();
      return;
    }
    // The password is set; the sign-in page takes it from here.
    router.replace("/signin");
  }

  const busy = complete.isPending || signingIn;
  return (
    <section className={styles.card} aria-labelledby="reset-heading">
      <h1 id="reset-heading" className={styles.heading}>
        Choose a new password
      </h1>
      <p className={styles.lead}>
        For <strong>{email}</strong>. Setting it signs you out everywhere else.
      </p>
      <form
        className={styles.form}
        onSubmit={(event) => detach(onSubmit(event), "reset password form: submit")}
        noValidate
      >
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <NewPasswordFields label="New password" name="password" errors={errors} />
        <Button type="submit" variant="primary" className={styles.submit} busy={busy}>
          {busy ? "Saving…" : "Set password and sign in"}
        </Button>
      </form>
      <p className={styles.footnote}>This link works once and expires one hour after it was sent.</p>
    </section>
  );
}
