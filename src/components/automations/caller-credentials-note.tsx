import { callerTokenPlaceholder } from "./ready-call";

/** Under a ready call whose agent binds integrations as caller_required: what to fill in, or the call is refused. */
export function CallerCredentialsNote({ integrations }: { integrations: readonly string[] }) {
  if (integrations.length === 0) return null;
  return (
    <p data-testid="caller-credentials-note">
      This agent acts as the person calling it for {integrations.join(", ")}: replace each{" "}
      <code>{callerTokenPlaceholder("…")}</code> with a token of your end user for that integration, or the call is
      refused with CALLER_CREDENTIALS_REQUIRED.
    </p>
  );
}
