"use client";

import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@/client/app-error";
import { detach } from "@/client/detach";
import { useTRPC } from "@/client/trpc";
import { useSelectOrganization } from "@/client/use-select-organization";
import { ORG_ROLE_LABEL } from "@/components/roles";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { BuildingIcon, ChevronRightIcon } from "@/components/ui/icons";
import styles from "./orgs.module.css";

/** Lists the person's organizations; choosing one selects it for the session and opens it. */
export function OrgPicker() {
  const trpc = useTRPC();
  const me = useQuery(trpc.tenancy.getMe.queryOptions());
  const { select, error, ready, busy, pendingId } = useSelectOrganization();

  if (me.isError) {
    return (
      <div className={styles.panel}>
        <Alert tone="error" title="Your organizations could not be loaded">
          {errorMessage(me.error)}
        </Alert>
      </div>
    );
  }
  const organizations = me.data?.organizations ?? [];
  if (me.data && organizations.length === 0) {
    return (
      <div className={styles.panel}>
        <Card>
          <EmptyState icon={<BuildingIcon size={22} />} title="You are not in any organization yet">
            Ask an owner or admin of your organization to add {me.data.user.email}, then sign in again.
          </EmptyState>
        </Card>
      </div>
    );
  }

  return (
    <section className={styles.panel} aria-labelledby="orgs-heading">
      <h1 id="orgs-heading" className={styles.heading}>
        Choose an organization
      </h1>
      <p className={styles.lead}>Pick the organization to work in. You can switch at any time from the top bar.</p>
      <ul className={styles.list}>
        {organizations.map((organization) => {
          const current = organization.id === me.data?.selectedOrganizationId;
          return (
            <li key={organization.id}>
              <button
                type="button"
                className={styles.option}
                disabled={!ready || busy}
                aria-busy={pendingId === organization.id || undefined}
                onClick={() => detach(select(organization.id), "organization picker: select")}
              >
                <span className={styles.mark} aria-hidden="true">
                  {organization.name.slice(0, 1).toUpperCase()}
                </span>
                <span className={styles.text}>
                  <span className={styles.name}>{organization.name}</span>
                  <span className={styles.slug}>{organization.slug}</span>
                </span>
                <span className={styles.meta}>
                  {current ? <Badge tone="success">Current</Badge> : null}
                  <Badge tone={organization.role === "MEMBER" ? "neutral" : "brand"}>
                    {ORG_ROLE_LABEL[organization.role]}
                  </Badge>
                  <ChevronRightIcon />
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {error ? (
        <div className={styles.error}>
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
    </section>
  );
}
