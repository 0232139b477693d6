"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import table from "@/components/ui/table.module.css";
import styles from "./partner.module.css";

/** The customer's view of its partner: which automations the partner enabled, and the live support grants. */
export function PartnerSettings() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.partnerEntitlements.console.overview.queryOptions());
  if (overview.isError) {
    return (
      <Alert tone="error" title="The partner settings could not be loaded">
        {errorMessage(overview.error)}
      </Alert>
    );
  }
  if (!overview.data) return <p className={styles.note}>Loading…</p>;
  const { partner, entitlements } = overview.data;
  if (!partner) {
    return (
      <Card>
        <p className={styles.note} data-testid="no-partner">
          This organization has no partner platform: every automation it makes is enabled, and there is no partner
          support to share sessions with.
        </p>
      </Card>
    );
  }
  return (
    <div className={styles.stack}>
      <Card
        title={`Automations enabled by ${partner.name}`}
        description="A disabled automation never runs: not from the console, the API, triggers or MCP."
        flush
      >
        <div className={table.wrap}>
          <table className={table.table} aria-label="Automations enabled by the partner">
            <thead>
              <tr>
                <th scope="col">Automation</th>
                <th scope="col">Kind</th>
                <th scope="col">Standing</th>
              </tr>
            </thead>
            <tbody>
              {entitlements.map((entitlement) => (
                <tr key={entitlement.automationId}>
                  <td className={table.primaryText}>{entitlement.name}</td>
                  <td>{entitlement.kind === "agent" ? "Agent" : "Flow"}</td>
                  <td>
                    <Badge tone={entitlement.enabled ? "success" : "muted"}>
                      {entitlement.enabled ? "Enabled" : "Disabled by the partner"}
                    </Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      <SupportGrants partnerName={partner.name} />
    </div>
  );
}

function SupportGrants({ partnerName }: { partnerName: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const grants = useQuery(trpc.partnerEntitlements.console.grants.queryOptions({}));
  const revoke = useMutation(
    trpc.partnerEntitlements.console.revoke.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.partnerEntitlements.console.grants.queryKey() }),
    }),
  );
  return (
    <Card
      title="Live support grants"
      description={`Sessions ${partnerName}'s support may read now. Share one from its session page.`}
      flush
    >
      {revoke.isError ? <Alert tone="error">{errorMessage(revoke.error)}</Alert> : null}
      <div className={table.wrap}>
        <table className={table.table} aria-label="Live support grants" aria-busy={!grants.data || undefined}>
          <thead>
            <tr>
              <th scope="col">Session</th>
              <th scope="col">Grant id</th>
              <th scope="col">Shared by</th>
              <th scope="col">Expires</th>
              <th scope="col" className={table.actions}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(grants.data?.grants ?? []).map((grant) => (
              <tr key={grant.id}>
                <td className={table.primaryText}>
                  <Link href={`/sessions/${grant.sessionId}`}>{grant.sessionTitle}</Link>
                </td>
                <td className={styles.grantId}>{grant.id}</td>
                <td>{grant.grantedBy?.name ?? "—"}</td>
                <td className={table.muted}>
                  <DateTime value={grant.expiresAt} />
                </td>
                <td className={table.actions}>
                  <Button
                    variant="dangerOutline"
                    size="small"
                    aria-label={`Revoke the grant of ${grant.sessionTitle}`}
                    busy={revoke.isPending && revoke.variables?.grantId === grant.id}
                    onClick={() => revoke.mutate({ grantId: grant.id })}
                  >
                    Revoke
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {grants.data && grants.data.grants.length === 0 ? <p className={styles.note}>No live grants.</p> : null}
    </Card>
  );
}
