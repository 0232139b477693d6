import { TextField } from "@/components/ui/text-field";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/contracts/passwords/new-password";

export type TNewPasswordErrors = { password?: string; confirm?: string };

/** What is wrong with a chosen password and its confirmation, in the words the fields show. */
export function newPasswordErrors(password: string, confirm: string): TNewPasswordErrors {
  return {
    password:
      password.length < PASSWORD_MIN_LENGTH
        ? `Use at least ${PASSWORD_MIN_LENGTH} characters`
        : password.length > PASSWORD_MAX_LENGTH
          ? `Use at most ${PASSWORD_MAX_LENGTH} characters`
          : undefined,
    confirm: confirm === password ? undefined : "The two passwords differ",
  };
}

/**
 * A password being chosen and its confirmation (the field `confirm`), as every form that sets one
 * shows them: activation, reset, change. `label` names the first ("New password"), the second
 * is "Confirm" + it.
 */
export function NewPasswordFields({
  label,
  name,
  errors,
}: {
  label: string;
  name: string;
  errors: { password?: string; confirm?: string };
}) {
  return (
    <>
      <TextField
        label={label}
        name={name}
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password}
      />
      <TextField
        label={`Confirm ${label.toLowerCase()}`}
        name="confirm"
        type="password"
        autoComplete="new-password"
        error={errors.confirm}
      />
    </>
  );
}
