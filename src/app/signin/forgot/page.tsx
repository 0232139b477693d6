import type { Metadata } from "next";
import styles from "@/components/auth/auth.module.css";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { CenteredLayout } from "@/components/shell/centered-layout";
import { Alert } from "@/components/ui/alert";
import { forgotPasswordAvailable } from "@/server/services/passwords/forgot-available";

export const metadata: Metadata = { title: "Reset your password" };
export const dynamic = "force-dynamic";

/** "Forgot password?": a reset link by email, when the service can send email. */
export default function ForgotPasswordPage() {
  return (
    <CenteredLayout>
      {forgotPasswordAvailable() ? (
        <ForgotPasswordForm />
      ) : (
        <section className={styles.card} aria-labelledby="forgot-heading">
          <h1 id="forgot-heading" className={styles.heading}>
            Reset your password
          </h1>
          <div className={styles.form}>
            <Alert tone="warning">
              This service cannot send email. Ask an Owner or Admin of your organization to send you a reset link.
            </Alert>
          </div>
          <p className={styles.footnote}>
            <a href="/signin">Back to sign in</a>
          </p>
        </section>
      )}
    </CenteredLayout>
  );
}
