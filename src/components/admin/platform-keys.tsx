"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TPartnerKey } from "@/contracts/admin/partner-key";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DateTime } from "@/components/ui/date-time";
import table from "@/components/ui/table.module.css";
import { CredentialForm } from "./credential-form";
import { useRefreshAdmin } from "./use-refresh-admin";
import styles from "./admin.module.css";

type TNewKey = { name: string; secret: string };

/** The one moment the whole ykp_ key exists outside its hash. */
function NewKeyPanel({ created, onDone }: { created: TNewKey; onDone: () => void }) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => panel.current?.focus(), [created]);
  return (
    <section
      ref={panel}
      className={styles.secretPanel}
      tabIndex={-1}
      aria-label="New partner key"
      data-testid="new-partner-key"
    >
      <div className={styles.secretHeader}>
        <p className={styles.secretTitle}>The new key “{created.name}”</p>
        <Button size="small" onClick={onDone}>
          Done
        </Button>
      </div>
      <CodeBlock value={created.secret} label="New partner key" />
      <div className={styles.secretWarning}>
        <Alert tone="warning">
          Give it to the platform now: this key will not be shown again. If it is lost, issue a new one and revoke this
          one.
        </Alert>
      </div>
    </section>
  );
}

export function PlatformKeys({ platformId }: { platformId: string }) {
  const trpc = useTRPC();
  const refresh = useRefreshAdmin();
  const keys = useQuery(trpc.admin.listPartnerKeys.queryOptions({ platformId }));
  const [created, setCreated] = useState<TNewKey | null>(null);
  const [revoking, setRevoking] = useState<TPartnerKey | null>(null);
  const issue = useMutation(
    trpc.admin.issuePartnerKey.mutationOptions({
      onSuccess: async ({ key, secret }) => {
        setCreated({ name: key.name, secret });
        await refresh();
      },
    }),
  );
  const revoke = useMutation(
    trpc.admin.revokePartnerKey.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setRevoking(null);
      },
    }),
  );
  const rows = keys.data?.keys ?? [];
  return (
    <Card
      title="Partner keys"
      description="ykp_ keys act as the platform. Only a hash and the first characters are kept."
    >
      <div className={styles.stack}>
        {created ? <NewKeyPanel created={created} onDone={() => setCreated(null)} /> : null}
        <CredentialForm
          label="Key name"
          placeholder="e.g. Production"
          submitLabel="Issue key"
          busy={issue.isPending}
          error={issue.isError ? errorMessage(issue.error) : null}
          onSubmit={(name) => issue.mutate({ platformId, name })}
        />
        {rows.length ? (
          <div className={table.wrap}>
            <table className={table.table} aria-label="Partner keys">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Status</th>
                  <th scope="col" className={table.actions}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((key) => (
                  <tr key={key.id}>
                    <td className={table.primaryText}>{key.name}</td>
                    <td>
                      <code className={styles.code}>{key.prefix}…</code>
                    </td>
                    <td>
                      <DateTime value={key.createdAt} />
                    </td>
                    <td>
                      <DateTime value={key.lastUsedAt} fallback="Never" />
                    </td>
                    <td>
                      {key.revokedAt ? <Badge tone="neutral">Revoked</Badge> : <Badge tone="success">Active</Badge>}
                    </td>
                    <td className={table.actions}>
                      {key.revokedAt ? null : (
                        <Button
                          variant="dangerOutline"
                          size="small"
                          onClick={() => (revoke.reset(), setRevoking(key))}
                          aria-label={`Revoke ${key.name}`}
                        >
                          Revoke
                        </Button>
                      )}
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
        title={`Revoke the key “${revoking?.name ?? ""}”?`}
        confirmLabel="Revoke key"
        busy={revoke.isPending}
        error={revoke.isError ? errorMessage(revoke.error) : null}
        onConfirm={() => revoking && revoke.mutate({ platformId, keyId: revoking.id })}
        onClose={() => setRevoking(null)}
      >
        The platform&apos;s calls with this key are refused at once. This cannot be undone.
      </ConfirmDialog>
    </Card>
  );
}
