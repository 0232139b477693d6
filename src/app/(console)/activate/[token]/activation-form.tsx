"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { detach } from "@/client/detach";
import { useTRPC } from "@/client/trpc";
import styles from "@/components/auth/auth.module.css";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { NewPasswordFields, newPasswordErrors } from "@/components/auth/new-password-fields";

type TFieldErrors = { email?: string; password?: string; confirm?: string };
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(email: string, password: string, confirm: string): TFieldErrors {
  return {
    email: !email
      ? "Enter your email"
      : EMAIL_SHAPE.test(email)
        ? undefined
        : "Enter an email address like name@company.com",
    ...newPasswordErrors(password, confirm),
  };
}

type TProps = { token: string; organizationName: string; ownerName: string | null; partnerName: string | null };

/**
 * The owner chooses the email and password they will sign in with; the link is spent, then the
 * ordinary sign-in mints their session and they land in the new organization.
 */
export function ActivationForm({ token, organizationName, ownerName, partnerName }: TProps) {
  const trpc = useTRPC();
  const router = useRouter();
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const activate = useMutation(trpc.partnerProvisioning.activateInvitation.mutationOptions());

  // Detached by the form (React does not await an event handler); its own catch shows a failure.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const found = validate(email, password, String(form.get("confirm") ?? ""));
    setErrors(found);
    setFailure(null);
    if (found.email || found.password || found.confirm) return;
    try {
      await activate.mutateAsync({ token, email, password });
    } catch (error) {
      setFailure(errorMessage(error, "We could not activate your organization. Try again in a moment."));
      return;
    }
    setSigningIn(true);
    const result = await signIn("credentials", { email, password, redirect: false }).catch(() => null);
    if (result?.ok && !result.error) {
      router.replace("/");
      router.refresh();
      return;
    }
    // Activated, but the sign-in itself failed: the sign-in page takes it from here.
    router.replace("/signin");
  }

  const busy = activate.isPending || signingIn;
  return (
    <section className={styles.card} aria-labelledby="activate-heading">
      <h1 id="activate-heading" className={styles.heading}>
        Activate {organizationName}
      </h1>
      <p className={styles.lead}>
        {ownerName ? `Welcome, ${ownerName}. ` : ""}
        {partnerName ? `${partnerName} created this organization for you. ` : ""}Choose the email and password you will
        sign in with.
      </p>
      <form className={styles.form} onSubmit={(event) => detach(onSubmit(event), "activation form: submit")} noValidate>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          error={errors.email}
        />
        <NewPasswordFields label="Password" name="password" errors={errors} />
        <Button type="submit" variant="primary" className={styles.submit} busy={busy}>
          {busy ? "Activating…" : "Activate and sign in"}
        </Button>
      </form>
      <p className={styles.footnote}>This link works once and expires 7 days after it was sent.</p>
    </section>
  );
}
