import Link from "next/link";
import type { TTeamDomain } from "@/contracts/team-domains/team-domain";
import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import table from "@/components/ui/table.module.css";
import { roleLabel } from "./roles";
import styles from "./team-domains.module.css";

/** The domains a person may open here; `domains` is undefined while loading. */
export function DomainsTable({
  label,
  domains,
  archived = false,
}: {
  label: string;
  domains: TTeamDomain[] | undefined;
  archived?: boolean;
}) {
  return (
    <div className={table.wrap}>
      <table className={table.table} aria-label={label} aria-busy={!domains || undefined}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Your role</th>
            <th scope="col" className={table.numeric}>
              Members
            </th>
            <th scope="col">{archived ? "Archived" : "Created"}</th>
          </tr>
        </thead>
        <tbody>
          {domains ? (
            domains.map((domain) => (
              <tr key={domain.id}>
                <td>
                  <Link href={`/settings/domains/${domain.id}`} className={styles.link}>
                    {domain.name}
                  </Link>
                  <div className={table.secondaryText}>{domain.slug}</div>
                </td>
                <td>
                  {domain.myRole ? (
                    <Badge tone="brand">{roleLabel(domain.myRole)}</Badge>
                  ) : (
                    <span className={table.muted}>{domain.canManage ? "None (you manage it)" : "None"}</span>
                  )}
                </td>
                <td className={table.numeric}>{domain.memberCount}</td>
                <td>
                  <DateTime value={archived ? domain.archivedAt : domain.createdAt} />
                </td>
              </tr>
            ))
          ) : (
            <TableSkeleton columns={4} />
          )}
        </tbody>
      </table>
    </div>
  );
}
