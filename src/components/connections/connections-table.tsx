"use client";

import type { TConnection } from "@/contracts/connections/connection";
import { LinkIcon } from "@/components/authoring/icons";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import table from "@/components/ui/table.module.css";
import styles from "./connections.module.css";

type TProps = {
  connections: TConnection[] | undefined;
  integrationNames: ReadonlyMap<string, string>;
  onDelete: (connection: TConnection) => void;
};

/** `connections` is undefined while loading. Only the hint of each secret is ever known here. */
export function ConnectionsTable({ connections, integrationNames, onDelete }: TProps) {
  if (connections && connections.length === 0) {
    return (
      <Card>
        <EmptyState icon={<LinkIcon size={22} />} title="No connections yet">
          Agents that bind an integration as the service use this domain&apos;s connection to it. Create one above.
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card title="Connections" description="Secrets are stored encrypted; only a hint of each is shown." flush>
      <div className={table.wrap}>
        <table className={table.table} aria-label="Connections" aria-busy={!connections || undefined}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Integration</th>
              <th scope="col">Secret</th>
              <th scope="col">Created</th>
              <th scope="col" className={table.actions}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {connections ? (
              connections.map((connection) => (
                <tr key={connection.id}>
                  <td className={table.primaryText}>{connection.name}</td>
                  <td>
                    <div>{integrationNames.get(connection.integrationId) ?? connection.integrationId}</div>
                    <div className={table.secondaryText}>{connection.integrationId}</div>
                  </td>
                  <td>
                    <code className={styles.hint}>{connection.secretHint}</code>
                  </td>
                  <td className={table.muted}>
                    <DateTime value={connection.createdAt} />
                  </td>
                  <td className={table.actions}>
                    <Button
                      variant="dangerOutline"
                      size="small"
                      aria-label={`Delete ${connection.name}`}
                      onClick={() => onDelete(connection)}
                    >
                      Delete
                    </Button>
                  </td>
                </tr>
              ))
            ) : (
              <TableSkeleton columns={5} />
            )}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
