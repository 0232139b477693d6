"use client";

import { useMutation } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { detach } from "@/client/detach";
import { useTRPC } from "@/client/trpc";
import { useSelectOrganization } from "@/client/use-select-organization";
import { ZAcceptInvitationRequest } from "@/contracts/members/accept-invitation";
import { PASSWORD_MIN_LENGTH } from "@/contracts/passwords/new-password";
import { appErrorWithDetails, fieldErrors } from "@/components/authoring/errors";
import styles from "@/components/auth/auth.module.css";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";

const LABELS = { name: "Your name", password: "Password" };

type TProps = {
  token: string;
  email: string;
  organizationName: string;
  /** The invited address has an account: it proves its password instead of choosing one. */
  accountExists: boolean;
  /** Signed in now as another person: joining signs them in as the invited address instead. */
  signedInAs: string | null;
};

/**
 * Joins, then signs in with the password just chosen or proved and opens the organization.
 * Until the session has the organization selected, the page keeps saying it is signing in.
 */
export function AcceptInvitationForm({ token, email, organizationName, accountExists, signedInAs }: TProps) {
  const trpc = useTRPC();
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [joinedOrgId, setJoinedOrgId] = useState<string | null>(null);
  const accept = useMutation(trpc.members.acceptInvitation.mutationOptions());
  const opening = useOpenOrganization(joinedOrgId);

  // Detached by the form (React does not await an event handler); its own catch shows a failure.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    const body = accountExists
      ? { account: "existing" as const, token, password }
      : { account: "new" as const, token, name: String(form.get("name") ?? ""), password };
    const parsed = ZAcceptInvitationRequest.safeParse(body);
    const found = parsed.success ? {} : fieldErrors(parsed.error, LABELS);
    if (!accountExists && password !== String(form.get("confirm") ?? "")) found.confirm = "The two passwords differ";
    setErrors(found);
    setFailure(null);
    if (!parsed.success || Object.keys(found).length > 0) return;
    try {
      const joined = await accept.mutateAsync(parsed.data);
      const result = await signIn("credentials", { email, password, redirect: false }).catch(() => null);
      if (!result?.ok || result.error) {
        // Joined, but the sign-in itself failed: the sign-in page takes it from here.
        router.replace("/signin");
        return;
      }
      setJoinedOrgId(joined.orgId);
    } catch (error) {
      const field = appErrorWithDetails(error)?.details?.field;
      if (field === "password") setErrors({ password: errorMessage(error) });
      else setFailure(errorMessage(error, "We could not accept the invitation. Try again in a moment."));
    }
  }

  const busy = accept.isPending || joinedOrgId !== null;
  const submitLabel = accountExists ? "Sign in and join" : "Create account and join";
  return (
    <form className={styles.form} onSubmit={(event) => detach(onSubmit(event), "invitation form: submit")} noValidate>
      {failure || opening.error ? <Alert tone="error">{failure ?? opening.error}</Alert> : null}
      {signedInAs ? (
        <Alert tone="warning">
          You are signed in as {signedInAs}. Joining signs you in as {email} instead.
        </Alert>
      ) : null}
      <TextField label="Email" name="email" type="email" value={email} readOnly autoComplete="username" />
      {accountExists ? null : <TextField label="Your name" name="name" autoComplete="name" error={errors.name} />}
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete={accountExists ? "current-password" : "new-password"}
        hint={accountExists ? `The password of your account ${email}.` : `At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password}
      />
      {accountExists ? null : (
        <TextField
          label="Confirm password"
          name="confirm"
          type="password"
          autoComplete="new-password"
          error={errors.confirm}
        />
      )}
      <Button type="submit" variant="primary" className={styles.submit} busy={busy}>
        {busy ? `Joining ${organizationName}…` : submitLabel}
      </Button>
    </form>
  );
}

/** Signed in as the invited address already: one click joins and opens the organization. */
export function JoinInvitationButton({ token, organizationName }: { token: string; organizationName: string }) {
  const trpc = useTRPC();
  const [joinedOrgId, setJoinedOrgId] = useState<string | null>(null);
  const join = useMutation(
    trpc.members.joinInvitation.mutationOptions({ onSuccess: (joined) => setJoinedOrgId(joined.orgId) }),
  );
  const opening = useOpenOrganization(joinedOrgId);
  const failure = join.isError ? errorMessage(join.error) : opening.error;
  return (
    <div className={styles.form}>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Button
        variant="primary"
        className={styles.submit}
        busy={join.isPending || joinedOrgId !== null}
        onClick={() => join.mutate({ token })}
      >
        Join {organizationName}
      </Button>
    </div>
  );
}

/**
 * Selects the joined organization once the session is ready (next-auth ignores updates before),
 * then opens the console there.
 */
function useOpenOrganization(orgId: string | null) {
  const { select, ready, error } = useSelectOrganization();
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (!orgId || !ready || started) return;
    setStarted(true);
    detach(select(orgId), "invitation: open the organization");
  }, [orgId, ready, started, select]);
  return { error };
}
