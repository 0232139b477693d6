import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import styles from "@/components/auth/auth.module.css";
import { Alert } from "@/components/ui/alert";
import { CenteredLayout } from "@/components/shell/centered-layout";
import type { TReadInvitationResponse } from "@/contracts/partner/activate-invitation";
import { ActivationForm } from "./activation-form";

export const metadata: Metadata = { title: "Activate your organization" };
export const dynamic = "force-dynamic";

const CLOSED: Record<
  Exclude<TReadInvitationResponse["state"], "valid">,
  { title: string; body: (invitation: TReadInvitationResponse) => string }
> = {
  used: {
    title: "This activation link was already used",
    body: () => "Sign in with the email and password chosen when it was used.",
  },
  expired: {
    title: "This activation link has expired",
    body: (invitation) => `Links work for 7 days. Ask ${invitation.partnerName ?? "your provider"} for a new one.`,
  },
  unknown: {
    title: "This activation link is not valid",
    body: () => "Check that you opened the whole link from your invitation.",
  },
  partner_only: {
    title: "Nothing to activate here",
    body: (invitation) =>
      `${invitation.organizationName ?? "This organization"} is reached through ${invitation.partnerName ?? "your provider"}'s product: it has no password sign-in.`,
  },
};

/** The owner's activation page: public (the link is the credential), outside the signed-in shell. */
export default async function ActivatePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await getQueryClient().fetchQuery(
    trpcServer.partnerProvisioning.readInvitation.queryOptions({ token: token.slice(0, 200) }),
  );
  return (
    <CenteredLayout>
      {invitation.state === "valid" ? (
        <ActivationForm
          token={token}
          organizationName={invitation.organizationName ?? "your organization"}
          ownerName={invitation.ownerName}
          partnerName={invitation.partnerName}
        />
      ) : (
        <section className={styles.card} aria-labelledby="activate-heading">
          <h1 id="activate-heading" className={styles.heading}>
            {CLOSED[invitation.state].title}
          </h1>
          <div className={styles.form}>
            <Alert tone={invitation.state === "partner_only" ? "warning" : "error"}>
              {CLOSED[invitation.state].body(invitation)}
            </Alert>
          </div>
          {invitation.state === "used" ? (
            <p className={styles.footnote}>
              <a href="/signin">Go to sign in</a>
            </p>
          ) : null}
        </section>
      )}
    </CenteredLayout>
  );
}
