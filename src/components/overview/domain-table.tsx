import Link from "next/link";
import type { TListDomainsResponse } from "@/contracts/tenancy/list-domains";
import { DOMAIN_ROLE_LABEL, DOMAIN_ROLE_TONE } from "@/components/roles";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LayersIcon, UsersIcon } from "@/components/ui/icons";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import table from "@/components/ui/table.module.css";
import styles from "./overview.module.css";

type TDomain = TListDomainsResponse["domains"][number];

function memberLabel(count: number): string {
  return count === 1 ? "1 member" : `${count} members`;
}

/** `domains` is undefined while loading. */
export function DomainTable({ domains }: { domains: TDomain[] | undefined }) {
  if (domains && domains.length === 0) {
    return (
      <Card>
        <EmptyState icon={<LayersIcon size={22} />} title="No domains yet">
          Domains group the agents and flows of one team. Ask an owner or admin of your organization to create the first
          one.
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card title="Domains" description="Your role decides what you can do in each domain." flush>
      <div className={table.wrap}>
        <table className={table.table} aria-label="Domains" aria-busy={!domains || undefined}>
          <thead>
            <tr>
              <th scope="col">Domain</th>
              <th scope="col">Your role</th>
              <th scope="col" className={table.numeric}>
                Members
              </th>
            </tr>
          </thead>
          <tbody>
            {domains ? (
              domains.map((domain) => (
                <tr key={domain.id}>
                  <td>
                    <div className={styles.domainCell}>
                      <span className={styles.domainIcon} aria-hidden="true">
                        <LayersIcon size={16} />
                      </span>
                      <div>
                        <div className={table.primaryText}>
                          {domain.myRole ? (
                            <Link href={`/domains/${domain.id}`} className={styles.domainLink}>
                              {domain.name}
                            </Link>
                          ) : (
                            domain.name
                          )}
                        </div>
                        <div className={table.secondaryText}>{domain.slug}</div>
                      </div>
                    </div>
                  </td>
                  <td>
                    {domain.myRole ? (
                      <Badge tone={DOMAIN_ROLE_TONE[domain.myRole]}>{DOMAIN_ROLE_LABEL[domain.myRole]}</Badge>
                    ) : (
                      <Badge tone="muted">Not a member</Badge>
                    )}
                  </td>
                  <td className={table.numeric}>
                    <span className={styles.members}>
                      <UsersIcon />
                      {memberLabel(domain.memberCount)}
                    </span>
                  </td>
                </tr>
              ))
            ) : (
              <TableSkeleton columns={3} />
            )}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
