"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TTeamDomain } from "@/contracts/team-domains/team-domain";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import styles from "./team-domains.module.css";
import { useRefreshDomains } from "./use-refresh-domains";

/** Archive (with its confirm step) or, for an archived domain, restore. */
export function ArchiveCard({ domain }: { domain: TTeamDomain }) {
  const trpc = useTRPC();
  const router = useRouter();
  const refresh = useRefreshDomains();
  const [confirming, setConfirming] = useState(false);
  const archive = useMutation(
    trpc.teamDomains.archive.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        await refresh();
        router.push("/settings/domains");
      },
    }),
  );
  const restore = useMutation(
    trpc.teamDomains.restore.mutationOptions({
      onSuccess: async () => {
        await refresh();
        // The page's "Archived" badge is rendered on the server.
        router.refresh();
      },
    }),
  );

  if (domain.archivedAt) {
    return (
      <Card title="Restore">
        <div className={styles.dangerRow}>
          <p>Restoring brings the domain back into every list and picker. Its triggers stay off until turned on.</p>
          <Button variant="primary" busy={restore.isPending} onClick={() => restore.mutate({ domainId: domain.id })}>
            Restore domain
          </Button>
        </div>
        {restore.isError ? (
          <div className={styles.formError}>
            <Alert tone="error" title="The domain was not restored">
              {errorMessage(restore.error)}
            </Alert>
          </div>
        ) : null}
      </Card>
    );
  }
  const triggers = domain.activeTriggerCount;
  return (
    <Card title="Archive">
      <div className={styles.dangerRow}>
        <p>Archiving keeps everything in the domain but takes it out of every list and picker. You can restore it.</p>
        <Button
          variant="dangerOutline"
          onClick={() => {
            archive.reset();
            setConfirming(true);
          }}
        >
          Archive domain
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Archive “${domain.name}”?`}
        confirmLabel="Archive domain"
        busy={archive.isPending}
        error={archive.isError ? errorMessage(archive.error) : null}
        onConfirm={() => archive.mutate({ domainId: domain.id })}
        onClose={() => setConfirming(false)}
      >
        The domain leaves every list and picker; its agents, flows, sessions and members stay.
        {triggers
          ? ` Its ${triggers} active trigger${triggers > 1 ? "s are" : " is"} turned off, and stay${triggers > 1 ? "" : "s"} off if you restore it.`
          : ""}
      </ConfirmDialog>
    </Card>
  );
}
