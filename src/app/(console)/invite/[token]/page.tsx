import type { Metadata } from "next";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import { loadViewer } from "@/app/_lib/viewer";
import styles from "@/components/auth/auth.module.css";
import { AcceptInvitationForm, JoinInvitationButton } from "@/components/members/accept-invitation-form";
import { ORG_ROLE_LABEL } from "@/components/roles";
import { CenteredLayout } from "@/components/shell/centered-layout";
import { Alert } from "@/components/ui/alert";
import type { TReadInvitationResponse } from "@/contracts/members/read-invitation";

export const metadata: Metadata = { title: "Join an organization" };
export const dynamic = "force-dynamic";

type TClosedState = Exclude<TReadInvitationResponse["state"], "valid">;

const CLOSED: Record<TClosedState, { title: string; body: (organization: string) => string }> = {
  used: {
    title: "This invitation was already used",
    body: (organization) => `Sign in to reach ${organization}. If that was not you, tell an Owner or Admin there.`,
  },
  expired: {
    title: "This invitation has expired",
    body: (organization) =>
      `Invitations work for 7 days. Ask an Owner or Admin of ${organization} to invite you again.`,
  },
  revoked: {
    title: "This invitation was revoked",
    body: (organization) =>
      `Ask an Owner or Admin of ${organization} whether you should still join: they can invite you again.`,
  },
  unknown: {
    title: "This invitation link is not valid",
    body: () =>
      "Check that you opened the whole link from your email, or ask the person who invited you for a new one.",
  },
};

/** An invitation's page: public (the link is the credential), outside the signed-in shell. */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [invitation, viewer] = await Promise.all([
    getQueryClient().fetchQuery(trpcServer.members.readInvitation.queryOptions({ token: token.slice(0, 200) })),
    loadViewer(),
  ]);
  return (
    <CenteredLayout email={viewer?.user.email} name={viewer?.user.name}>
      <section className={styles.card} aria-labelledby="invitation-heading">
        {invitation.state === "valid" && invitation.email && invitation.orgRole ? (
          <>
            <h1 id="invitation-heading" className={styles.heading}>
              Join {invitation.organizationName}
            </h1>
            <p className={styles.lead}>
              {invitation.invitedByName ? `${invitation.invitedByName} invited you` : "You are invited"} to join{" "}
              {invitation.organizationName} as {ORG_ROLE_LABEL[invitation.orgRole]}.
            </p>
            {viewer?.user.email.toLowerCase() === invitation.email ? (
              <JoinInvitationButton
                token={token}
                organizationName={invitation.organizationName ?? "the organization"}
              />
            ) : (
              <AcceptInvitationForm
                token={token}
                email={invitation.email}
                organizationName={invitation.organizationName ?? "the organization"}
                accountExists={invitation.accountExists}
                signedInAs={viewer?.user.email ?? null}
              />
            )}
            <p className={styles.footnote}>This link works once and expires 7 days after it was sent.</p>
          </>
        ) : (
          <ClosedInvitation
            state={invitation.state === "valid" ? "unknown" : invitation.state}
            organization={invitation.organizationName}
          />
        )}
      </section>
    </CenteredLayout>
  );
}

function ClosedInvitation({ state, organization }: { state: TClosedState; organization: string | null }) {
  return (
    <>
      <h1 id="invitation-heading" className={styles.heading}>
        {CLOSED[state].title}
      </h1>
      <div className={styles.form}>
        <Alert tone="error">{CLOSED[state].body(organization ?? "the organization")}</Alert>
      </div>
      {state === "used" ? (
        <p className={styles.footnote}>
          <a href="/signin">Go to sign in</a>
        </p>
      ) : null}
    </>
  );
}
