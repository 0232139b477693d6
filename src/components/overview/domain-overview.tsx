"use client";

import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { ORG_ROLE_LABEL, type TOrgRole } from "@/components/roles";
import { Alert } from "@/components/ui/alert";
import { DomainTable } from "./domain-table";
import styles from "./overview.module.css";

/** Counts at a glance, then every domain of the organization. */
export function DomainOverview({ organizationRole }: { organizationRole: TOrgRole }) {
  const trpc = useTRPC();
  const domains = useQuery(trpc.tenancy.listDomains.queryOptions());
  const list = domains.data?.domains;

  return (
    <>
      <div className={styles.stats}>
        <div className={styles.stat}>
          <p className={styles.statLabel}>Domains</p>
          <p className={styles.statValue}>{list ? list.length : "–"}</p>
        </div>
        <div className={styles.stat}>
          <p className={styles.statLabel}>Domains you belong to</p>
          <p className={styles.statValue}>{list ? list.filter((domain) => domain.myRole).length : "–"}</p>
        </div>
        <div className={styles.stat}>
          <p className={styles.statLabel}>Your organization role</p>
          <p className={styles.statValueText}>{ORG_ROLE_LABEL[organizationRole]}</p>
        </div>
      </div>
      {domains.isError ? (
        <Alert tone="error" title="Domains could not be loaded">
          {errorMessage(domains.error)}
        </Alert>
      ) : (
        <DomainTable domains={list} />
      )}
    </>
  );
}
