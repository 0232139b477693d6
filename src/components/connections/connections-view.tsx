"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TConnection } from "@/contracts/connections/connection";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { NotMember } from "@/components/authoring/not-member";
import { canEditAutomation } from "@/components/authoring/permissions";
import { DOMAIN_ROLE_LABEL, type TDomainRole } from "@/components/roles";
import { Alert } from "@/components/ui/alert";
import authoring from "@/components/authoring/authoring.module.css";
import { ConnectionsTable } from "./connections-table";
import { CreateConnectionForm } from "./create-connection-form";

type TProps = { domainId: string; domainName: string; role: TDomainRole | null };

/** Connections hold the organization's credentials: Owners and Editors of the domain only. */
export function ConnectionsView({ domainId, domainName, role }: TProps) {
  if (!role) return <NotMember domainName={domainName} what="connections" />;
  if (!canEditAutomation(role)) {
    return (
      <Alert tone="warning" title="Connections are managed by editors">
        {`Connections hold the organization's credentials, so only Owners and Editors of ${domainName} can see and change them. Your role here is ${DOMAIN_ROLE_LABEL[role]}.`}
      </Alert>
    );
  }
  return <ManageConnections domainId={domainId} domainName={domainName} />;
}

function ManageConnections({ domainId, domainName }: { domainId: string; domainName: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const connections = useQuery(trpc.connections.list.queryOptions({ domainId }));
  const integrations = useQuery(trpc.integrations.list.queryOptions({}));
  const names = useMemo(
    () => new Map((integrations.data?.integrations ?? []).map((integration) => [integration.id, integration.name])),
    [integrations.data],
  );
  const [deleting, setDeleting] = useState<TConnection | null>(null);
  const remove = useMutation(
    trpc.connections.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.connections.list.queryKey({ domainId }) });
        setDeleting(null);
      },
    }),
  );

  return (
    <div className={authoring.stack}>
      <CreateConnectionForm domainId={domainId} domainName={domainName} />
      {connections.isError ? (
        <Alert tone="error" title="Connections could not be loaded">
          {errorMessage(connections.error)}
        </Alert>
      ) : (
        <ConnectionsTable
          connections={connections.data?.connections}
          integrationNames={names}
          onDelete={(connection) => {
            remove.reset();
            setDeleting(connection);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.name ?? ""}”?`}
        confirmLabel="Delete connection"
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      >
        Agents that bind {deleting?.integrationId ?? "this integration"} as the service lose this credential; their runs
        fail until another connection exists. The secret is erased. This cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
