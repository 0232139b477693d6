"use client";

import { useEffect, useState } from "react";
import { envelopeMessage } from "@/client/app-error";
import { detach } from "@/client/detach";
import type { TCreateTokenResponse } from "@/contracts/auth/create-token";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { DateTime } from "@/components/ui/date-time";
import styles from "./developer.module.css";

const RELATIVE = new Intl.RelativeTimeFormat("en", { numeric: "always" });

function expiresIn(expiresAt: string, now: number): string {
  const minutes = Math.round((new Date(expiresAt).getTime() - now) / 60_000);
  return minutes > 0 ? RELATIVE.format(minutes, "minute") : "expired";
}

/** Minutes remaining, refreshed while the page is open. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * Mints through the machine API itself (cookie only), so what works here is exactly what a
 * script gets. The token lives only in this component's state.
 */
export function TokenMinter({ organizationName }: { organizationName: string }) {
  const [minted, setMinted] = useState<TCreateTokenResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const now = useNow(minted !== null);

  // Detached by its button (React does not await an event handler); its own catch shows a failure.
  async function mint() {
    setBusy(true);
    setError(null);
    try {
      const response = await fetch("/api/v1/auth/token", { method: "POST", credentials: "same-origin" });
      if (!response.ok) {
        setError(await envelopeMessage(response, `The token could not be minted (HTTP ${response.status}).`));
        return;
      }
      setMinted((await response.json()) as TCreateTokenResponse);
    } catch {
      setError("We could not reach the service. Check your connection and try again.");
    } finally {
      setBusy(false);
    }
  }

  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <div className={styles.stack}>
      <Card
        title="Access token"
        description={`A short-lived token (yku_…) that acts as you in ${organizationName} for one hour. Good for scripts and quick checks; use an API key for anything long-running.`}
        actions={
          <Button variant="primary" onClick={() => detach(mint(), "token minter: mint")} busy={busy}>
            {minted ? "Mint another token" : "Mint access token"}
          </Button>
        }
      >
        {error ? (
          <Alert tone="error" title="No token was minted">
            {error}
          </Alert>
        ) : null}
        {!minted && !error ? (
          <p className={styles.help}>
            Minting does not affect other tokens or your API keys. Each token expires on its own after an hour.
          </p>
        ) : null}
        {minted ? (
          <div className={styles.group} data-testid="minted-token">
            <p className={styles.groupLabel}>Your token</p>
            <CodeBlock value={minted.token} label="Access token" />
            <p className={styles.expiry}>
              Expires{" "}
              <strong>
                <DateTime value={minted.expiresAt} />
              </strong>
              <Badge tone={expiresIn(minted.expiresAt, now) === "expired" ? "danger" : "brand"}>
                {expiresIn(minted.expiresAt, now)}
              </Badge>
            </p>
          </div>
        ) : null}
        {minted ? (
          <div className={styles.result}>
            <div className={styles.group}>
              <p className={styles.groupLabel}>Try it</p>
              <p className={styles.help}>Ask the API who the token acts as:</p>
              <CodeBlock
                value={`curl -H "Authorization: Bearer ${minted.token}" ${origin}/api/v1/auth/whoami`}
                label="curl example"
              />
            </div>
          </div>
        ) : null}
      </Card>
    </div>
  );
}
