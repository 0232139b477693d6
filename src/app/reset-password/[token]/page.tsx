import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import styles from "@/components/auth/auth.module.css";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { CenteredLayout } from "@/components/shell/centered-layout";
import { Alert } from "@/components/ui/alert";
import type { TReadPasswordResetResponse } from "@/contracts/passwords/read-reset";

export const metadata: Metadata = { title: "Choose a new password" };
export const dynamic = "force-dynamic";

const CLOSED: Record<Exclude<TReadPasswordResetResponse["state"], "valid">, { title: string; body: string }> = {
  used: {
    title: "This reset link was already used",
    body: "Sign in with the password you chose then. If you forgot it again, ask for a new link.",
  },
  expired: {
    title: "This reset link has expired",
    body: "Links work for one hour, and a newer link replaces older ones. Ask for a new link: use “Forgot password?” on the sign-in page, or ask an Owner or Admin of your organization.",
  },
  unknown: {
    title: "This reset link is not valid",
    body: "Check that you opened the whole link from your email. If it still does not work, ask for a new link.",
  },
};

/** A password reset link: public (the link is the credential), outside the signed-in shell. */
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const reset = await getQueryClient().fetchQuery(
    trpcServer.passwords.readReset.queryOptions({ token: token.slice(0, 200) }),
  );
  return (
    <CenteredLayout>
      {reset.state === "valid" ? (
        <ResetPasswordForm token={token} email={reset.email ?? ""} />
      ) : (
        <section className={styles.card} aria-labelledby="reset-heading">
          <h1 id="reset-heading" className={styles.heading}>
            {CLOSED[reset.state].title}
          </h1>
          <div className={styles.form}>
            <Alert tone={reset.state === "used" ? "warning" : "error"}>{CLOSED[reset.state].body}</Alert>
          </div>
          <p className={styles.footnote}>
            <a href="/signin">Go to sign in</a>
          </p>
        </section>
      )}
    </CenteredLayout>
  );
}
