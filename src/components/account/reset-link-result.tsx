"use client";

import { Alert } from "@/components/ui/alert";
import { CodeBlock } from "@/components/ui/code-block";
import { DateTime } from "@/components/ui/date-time";
import type { TSendPasswordResetResponse } from "@/contracts/passwords/send-reset";

/**
 * What passwords.sendReset answered, for the page that sent it (/settings/members): that the link
 * was mailed, or the link itself, shown this once with a copy button.
 */
export function ResetLinkResult({ email, result }: { email: string; result: TSendPasswordResetResponse }) {
  if (result.emailed || !result.link) {
    return (
      <Alert tone="success">
        We emailed {email} a link to choose a new password. It works once, until <DateTime value={result.expiresAt} />.
      </Alert>
    );
  }
  return (
    <div data-testid="reset-link">
      <Alert tone="warning" title="Pass this link on to the member">
        This service does not send email, so copy the link and give it to {email} yourself. It works once, until{" "}
        <DateTime value={result.expiresAt} />, and it is not shown again.
      </Alert>
      <CodeBlock value={result.link} label={`Password reset link for ${email}`} copyLabel="Copy link" />
    </div>
  );
}
