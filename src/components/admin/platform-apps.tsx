"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TPartnerApp } from "@/contracts/admin/partner-key";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import table from "@/components/ui/table.module.css";
import { CredentialForm } from "./credential-form";
import { useRefreshAdmin } from "./use-refresh-admin";
import styles from "./admin.module.css";

export function PlatformApps({ platformId }: { platformId: string }) {
  const trpc = useTRPC();
  const refresh = useRefreshAdmin();
  const apps = useQuery(trpc.admin.listPartnerApps.queryOptions({ platformId }));
  const [revoking, setRevoking] = useState<TPartnerApp | null>(null);
  const create = useMutation(trpc.admin.createPartnerApp.mutationOptions({ onSuccess: () => refresh() }));
  const revoke = useMutation(
    trpc.admin.revokePartnerApp.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setRevoking(null);
      },
    }),
  );
  const rows = apps.data?.apps ?? [];
  return (
    <Card
      title="Apps"
      description="An app's id is the appId the platform leases for (POST /token, /worker-token): one per product surface."
    >
      <div className={styles.stack}>
        <CredentialForm
          label="App name"
          placeholder="e.g. Storefront assistant"
          submitLabel="Create app"
          busy={create.isPending}
          error={create.isError ? errorMessage(create.error) : null}
          onSubmit={(name) => create.mutate({ platformId, name })}
        />
        {rows.length ? (
          <div className={table.wrap}>
            <table className={table.table} aria-label="Apps">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">appId</th>
                  <th scope="col">Created</th>
                  <th scope="col">Status</th>
                  <th scope="col" className={table.actions}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((app) => (
                  <tr key={app.id}>
                    <td className={table.primaryText}>{app.name}</td>
                    <td>
                      <code className={styles.code} data-testid="app-id">
                        {app.id}
                      </code>
                    </td>
                    <td>
                      <DateTime value={app.createdAt} />
                    </td>
                    <td>
                      {app.revokedAt ? <Badge tone="neutral">Revoked</Badge> : <Badge tone="success">Active</Badge>}
                    </td>
                    <td className={table.actions}>
                      <div className={styles.rowActions}>
                        <CopyButton value={app.id} label="Copy id" />
                        {app.revokedAt ? null : (
                          <Button
                            variant="dangerOutline"
                            size="small"
                            onClick={() => (revoke.reset(), setRevoking(app))}
                            aria-label={`Revoke ${app.name}`}
                          >
                            Revoke
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke the app “${revoking?.name ?? ""}”?`}
        confirmLabel="Revoke app"
        busy={revoke.isPending}
        error={revoke.isError ? errorMessage(revoke.error) : null}
        onConfirm={() => revoking && revoke.mutate({ platformId, appId: revoking.id })}
        onClose={() => setRevoking(null)}
      >
        No lease is minted for this app any more, and its live leases stop working at once. This cannot be undone.
      </ConfirmDialog>
    </Card>
  );
}
