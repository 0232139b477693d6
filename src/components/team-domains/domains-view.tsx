"use client";

import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LayersIcon } from "@/components/ui/icons";
import { CreateDomainForm } from "./create-domain-form";
import { DomainsTable } from "./domains-table";
import styles from "./team-domains.module.css";

/** The organization's domains: create (Owners and Admins), open one to manage it, archived ones apart. */
export function DomainsView() {
  const trpc = useTRPC();
  const list = useQuery(trpc.teamDomains.list.queryOptions());
  if (list.isError) {
    return (
      <Alert tone="error" title="The domains could not be loaded">
        {errorMessage(list.error)}
      </Alert>
    );
  }
  const domains = list.data?.domains;
  const active = domains?.filter((domain) => !domain.archivedAt);
  const archived = domains?.filter((domain) => domain.archivedAt) ?? [];
  return (
    <div className={styles.stack}>
      {list.data?.canCreate ? <CreateDomainForm /> : null}
      {active && active.length === 0 ? (
        <Card>
          <EmptyState icon={<LayersIcon />} title="No domains to show">
            You are not a member of any domain. An Owner or Admin of the organization can give you a role in one.
          </EmptyState>
        </Card>
      ) : (
        <Card title="Domains" description="Open a domain to rename it, archive it or manage its members." flush>
          <DomainsTable label="Domains" domains={active} />
        </Card>
      )}
      {archived.length ? (
        <Card
          title="Archived domains"
          description="Archived domains keep their agents, flows, sessions and members, but leave every list and picker. Open one to restore it."
          flush
        >
          <DomainsTable label="Archived domains" domains={archived} archived />
        </Card>
      ) : null}
    </div>
  );
}
