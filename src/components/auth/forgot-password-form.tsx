"use client";

import { useRef, useState, type FormEvent } from "react";
import { envelopeMessage } from "@/client/app-error";
import { detach } from "@/client/detach";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { REQUEST_RESET_ANSWER, ZRequestPasswordResetRequest } from "@/contracts/passwords/request-reset";
import styles from "./auth.module.css";

/**
 * Asks for a reset link by email. The answer is the same sentence whether or not an account has
 * the address (the service never says which addresses exist).
 */
export function ForgotPasswordForm() {
  const emailRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  // Detached by the form (React does not await an event handler); its own catch shows a failure.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    setSent(false);
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    const parsed = ZRequestPasswordResetRequest.safeParse({ email });
    if (!email || !parsed.success) {
      setError(email ? "Enter an email address like name@company.com" : "Enter your email");
      emailRef.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const response = await fetch("/signin/forgot/request", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(parsed.data),
      });
      if (response.ok) setSent(true);
      else setFailure(await envelopeMessage(response, "We could not send a link. Try again in a moment."));
    } catch {
      setFailure("We could not reach the service. Check your connection and try again.");
    }
    setBusy(false);
  }

  return (
    <section className={styles.card} aria-labelledby="forgot-heading">
      <h1 id="forgot-heading" className={styles.heading}>
        Reset your password
      </h1>
      <p className={styles.lead}>Enter the email you sign in with. We will send you a link to choose a new password.</p>
      <form className={styles.form} onSubmit={(event) => detach(onSubmit(event), "forgot form: submit")} noValidate>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        {sent ? <Alert tone="success">{REQUEST_RESET_ANSWER} It works for one hour.</Alert> : null}
        <TextField
          ref={emailRef}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          error={error}
          onChange={() => error && setError(null)}
        />
        <Button type="submit" variant="primary" className={styles.submit} busy={busy}>
          {busy ? "Sending…" : "Send reset link"}
        </Button>
      </form>
      <p className={styles.footnote}>
        <a href="/signin">Back to sign in</a>
      </p>
    </section>
  );
}
