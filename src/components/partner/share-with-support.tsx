"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { DEFAULT_SUPPORT_GRANT_DAYS, SUPPORT_GRANT_DAYS } from "@/contracts/support/support-grants";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import authoring from "@/components/authoring/authoring.module.css";
import styles from "./partner.module.css";

type TDays = (typeof SUPPORT_GRANT_DAYS)[number];

/**
 * "Share with support" on a session page: only for organizations a partner provisioned (the
 * card renders nothing otherwise). Shows this session's live grants with their ids to give
 * the partner; revoking and the full list are on Settings > Partner.
 */
export function ShareWithSupport({ sessionId }: { sessionId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const selectId = useId();
  const [days, setDays] = useState<TDays>(DEFAULT_SUPPORT_GRANT_DAYS);
  const overview = useQuery(trpc.partnerEntitlements.console.overview.queryOptions());
  const grants = useQuery({
    ...trpc.partnerEntitlements.console.grants.queryOptions({ sessionId }),
    enabled: Boolean(overview.data?.partner),
  });
  const share = useMutation(
    trpc.partnerEntitlements.console.share.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.partnerEntitlements.console.grants.queryKey() }),
    }),
  );
  const partner = overview.data?.partner;
  if (!partner) return null;
  return (
    <Card
      title="Share with support"
      description={`Let ${partner.name}'s support read this session (transcript and state) until the grant expires or you revoke it.`}
    >
      <div className={styles.stack}>
        <div className={styles.row}>
          <label htmlFor={selectId}>Expires after</label>
          <select
            id={selectId}
            className={authoring.select}
            value={days}
            onChange={(event) => setDays(Number(event.target.value) as TDays)}
          >
            {SUPPORT_GRANT_DAYS.map((option) => (
              <option key={option} value={option}>
                {option === 1 ? "1 day" : `${option} days`}
              </option>
            ))}
          </select>
          <Button busy={share.isPending} onClick={() => share.mutate({ sessionId, days })}>
            Share with support
          </Button>
        </div>
        {share.isError ? <Alert tone="error">{errorMessage(share.error)}</Alert> : null}
        {share.data ? (
          <Alert tone="success" title="Shared">
            Give this grant id to {partner.name}:{" "}
            <span className={styles.grantId} data-testid="support-grant-id">
              {share.data.id}
            </span>{" "}
            <CopyButton value={share.data.id} label="Copy id" />
          </Alert>
        ) : null}
        {grants.data && grants.data.grants.length > 0 ? (
          <ul aria-label="Live support grants of this session">
            {grants.data.grants.map((grant) => (
              <li key={grant.id}>
                <span className={styles.grantId}>{grant.id}</span> · expires <DateTime value={grant.expiresAt} />
              </li>
            ))}
          </ul>
        ) : null}
        <p className={styles.note}>
          Revoke grants on <Link href="/settings/partner">Settings › Partner</Link>.
        </p>
      </div>
    </Card>
  );
}
