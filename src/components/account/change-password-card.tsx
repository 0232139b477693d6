"use client";

import { useMutation } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import { useRef, useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { detach } from "@/client/detach";
import { useTRPC } from "@/client/trpc";
import { fieldErrors } from "@/components/authoring/errors";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import { ZChangePasswordRequest } from "@/contracts/passwords/change-password";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { serverFieldErrors } from "./field-errors";
import styles from "./account.module.css";

type TFields = { currentPassword?: string; newPassword?: string; confirm?: string };
const LABELS = { currentPassword: "Current password", newPassword: "New password" };

/**
 * Current, new and confirmed password. Once changed, every other session of the person is signed
 * out (its cookie predates the change); this browser signs in again with the new password, keeping
 * the selected organization, so it stays where it was.
 */
export function ChangePasswordCard({ email, orgId }: { email: string; orgId: string }) {
  const trpc = useTRPC();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<TFields>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<"signed-in" | "sign-in-again" | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const change = useMutation(trpc.passwords.changePassword.mutationOptions());

  // Detached by the form (React does not await an event handler); its own catch shows a failure.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    setFailure(null);
    const data = new FormData(event.currentTarget);
    const input = {
      currentPassword: String(data.get("currentPassword") ?? ""),
      newPassword: String(data.get("newPassword") ?? ""),
    };
    const confirm = String(data.get("confirm") ?? "");
    const parsed = ZChangePasswordRequest.safeParse(input);
    const found: TFields = parsed.success ? {} : fieldErrors(parsed.error, LABELS);
    if (!found.newPassword && confirm !== input.newPassword) found.confirm = "The two new passwords differ";
    setErrors(found);
    if (found.currentPassword || found.newPassword || found.confirm) return;
    try {
      await change.mutateAsync(input);
    } catch (error) {
      const byField = serverFieldErrors(error);
      if (byField) setErrors(byField);
      else setFailure(errorMessage(error, "Your password was not changed. Try again in a moment."));
      return;
    }
    form.current?.reset();
    setSigningIn(true);
    const result = await signIn("credentials", { email, password: input.newPassword, orgId, redirect: false }).catch(
      () => null,
    );
    setSigningIn(false);
    setDone(result?.ok && !result.error ? "signed-in" : "sign-in-again");
  }

  return (
    <Card
      title="Password"
      description="Changing your password signs you out of the console everywhere else. API keys keep working."
    >
      <form
        ref={form}
        className={styles.form}
        onSubmit={(event) => detach(onSubmit(event), "change password form: submit")}
        noValidate
        aria-label="Change password"
      >
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        {done === "signed-in" ? (
          <Alert tone="success">Your password was changed. Your other sessions were signed out.</Alert>
        ) : null}
        {done === "sign-in-again" ? (
          <Alert tone="warning">
            Your password was changed and every session was signed out. <a href="/signin">Sign in</a> with your new
            password.
          </Alert>
        ) : null}
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <NewPasswordFields
          label="New password"
          name="newPassword"
          errors={{ password: errors.newPassword, confirm: errors.confirm }}
        />
        <div className={styles.actions}>
          <Button type="submit" variant="primary" busy={change.isPending || signingIn}>
            Change password
          </Button>
        </div>
      </form>
    </Card>
  );
}
