"use client";

import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { detach } from "@/client/detach";
import { useRef, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import styles from "./auth.module.css";

type TFieldErrors = { email?: string; password?: string };

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(email: string, password: string): TFieldErrors {
  return {
    email: !email
      ? "Enter your email"
      : EMAIL_SHAPE.test(email)
        ? undefined
        : "Enter an email address like name@company.com",
    password: password ? undefined : "Enter your password",
  };
}

// The service's own sentence when sign-in is limited ("Too many sign-in attempts; try again in N
// minutes."); it is the same for every email, so showing it reveals nothing.
const TOO_MANY_ATTEMPTS = /^Too many sign-in attempts; try again in \d+ minutes?\.$/;

function failureMessage(error: string | null | undefined): string {
  if (error === "CredentialsSignin") return "Email or password is incorrect";
  if (error && TOO_MANY_ATTEMPTS.test(error)) return error;
  return "We could not sign you in. Try again in a moment.";
}

/**
 * Email and password through next-auth's credentials provider, without leaving the page on failure.
 * `forgotAvailable`: the service can send email, so "Forgot password?" mails a reset link.
 */
export function SignInForm({ forgotAvailable = false }: { forgotAvailable?: boolean }) {
  const router = useRouter();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Detached by the form (React does not await an event handler); its own catch shows a failure.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const found = validate(email, password);
    setErrors(found);
    setFailure(null);
    if (found.email || found.password) {
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setBusy(true);
    try {
      const result = await signIn("credentials", { email, password, redirect: false });
      if (result?.ok && !result.error) {
        // Stay busy: the overview's guard sends people without an organization to /orgs.
        router.replace("/");
        router.refresh();
        return;
      }
      setFailure(failureMessage(result?.error));
      passwordRef.current?.select();
    } catch {
      setFailure("We could not reach the service. Check your connection and try again.");
    }
    setBusy(false);
  }

  return (
    <section className={styles.card} aria-labelledby="signin-heading">
      <h1 id="signin-heading" className={styles.heading}>
        Sign in
      </h1>
      <p className={styles.lead}>Welcome back. Sign in to manage your organization&apos;s automations.</p>
      <form className={styles.form} onSubmit={(event) => detach(onSubmit(event), "sign-in form: submit")} noValidate>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <TextField
          ref={emailRef}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          error={errors.email}
          onChange={() => errors.email && setErrors((current) => ({ ...current, email: undefined }))}
        />
        <TextField
          ref={passwordRef}
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
          onChange={() => errors.password && setErrors((current) => ({ ...current, password: undefined }))}
        />
        <Button type="submit" variant="primary" className={styles.submit} busy={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </Button>
      </form>
      {forgotAvailable ? (
        <p className={styles.footnote}>
          <a href="/signin/forgot">Forgot password?</a>
        </p>
      ) : (
        <p className={styles.footnote}>Forgot your password? Ask an administrator of your organization to reset it.</p>
      )}
    </section>
  );
}
