import type { TApiKey } from "@/contracts/api-keys/api-key";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { KeyIcon } from "@/components/ui/icons";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import table from "@/components/ui/table.module.css";
import styles from "./api-keys.module.css";

/** `keys` is undefined while loading. */
export function KeysTable({ keys, onRevoke }: { keys: TApiKey[] | undefined; onRevoke: (key: TApiKey) => void }) {
  if (keys && keys.length === 0) {
    return (
      <Card>
        <EmptyState icon={<KeyIcon />} title="No API keys yet">
          Create a key above to call the API from a server or script. It acts as you in this organization until you
          revoke it.
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card title="Your keys" description="Only the first characters of each key are kept in readable form." flush>
      <div className={table.wrap}>
        <table className={table.table} aria-label="API keys" aria-busy={!keys || undefined}>
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
            {keys ? (
              keys.map((key) => (
                <tr key={key.id}>
                  <td className={table.primaryText}>{key.name}</td>
                  <td>
                    <code className={styles.prefix}>{key.prefix}…</code>
                  </td>
                  <td>
                    <DateTime value={key.createdAt} />
                  </td>
                  <td className={key.lastUsedAt ? undefined : table.muted}>
                    <DateTime value={key.lastUsedAt} fallback="Never" />
                  </td>
                  <td>
                    {key.revokedAt ? (
                      <Badge tone="neutral">Revoked</Badge>
                    ) : (
                      <Badge tone="success" dot>
                        Active
                      </Badge>
                    )}
                  </td>
                  <td className={table.actions}>
                    {key.revokedAt ? null : (
                      <Button
                        variant="dangerOutline"
                        size="small"
                        onClick={() => onRevoke(key)}
                        aria-label={`Revoke ${key.name}`}
                      >
                        Revoke
                      </Button>
                    )}
                  </td>
                </tr>
              ))
            ) : (
              <TableSkeleton columns={6} />
            )}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
