"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { errorMessage } from "@/client/app-error";
import { RevisionBadge } from "@/components/agents/revision-badge";
import { ButtonLink } from "@/components/authoring/button-link";
import { canEditAutomation } from "@/components/authoring/permissions";
import type { TDomainRole } from "@/components/roles";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import table from "@/components/ui/table.module.css";
import authoring from "@/components/authoring/authoring.module.css";

type TRow = {
  id: string;
  name: string;
  description: string | null;
  publishedRevision: number | null;
  updatedAt: string;
};

type TProps<T extends TRow> = {
  noun: "agent" | "flow";
  /** Undefined while loading. */
  list: T[] | undefined;
  /** The list query's error, or null. */
  error: unknown;
  domainName: string;
  role: TDomainRole;
  href: (row: T) => string;
  newHref: string;
  emptyIcon?: ReactNode;
  /** What the empty state tells someone who may create one. */
  emptyHint: string;
  /** A kind's own column after the name (a flow's step count). */
  extra?: { header: string; cell: (row: T) => ReactNode };
};

const capitalized = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/** A domain's agents or flows: name and description, status, last change; an empty state that invites editors. */
export function AutomationsTable<T extends TRow>({
  noun,
  list,
  error,
  domainName,
  role,
  href,
  newHref,
  emptyIcon,
  emptyHint,
  extra,
}: TProps<T>) {
  const Noun = capitalized(noun);
  if (error) {
    return (
      <Alert tone="error" title={`${Noun}s could not be loaded`}>
        {errorMessage(error)}
      </Alert>
    );
  }
  if (list && list.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={emptyIcon}
          title={`No ${noun}s in ${domainName} yet`}
          action={
            canEditAutomation(role) ? (
              <ButtonLink href={newHref} variant="primary">
                {`New ${noun}`}
              </ButtonLink>
            ) : undefined
          }
        >
          {canEditAutomation(role)
            ? emptyHint
            : `Editors of this domain create ${noun}s; once they do, you will find them here.`}
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card flush>
      <div className={table.wrap}>
        <table className={table.table} aria-label={`${Noun}s`} aria-busy={!list || undefined}>
          <thead>
            <tr>
              <th scope="col">{Noun}</th>
              {extra ? <th scope="col">{extra.header}</th> : null}
              <th scope="col">Status</th>
              <th scope="col">Updated</th>
            </tr>
          </thead>
          <tbody>
            {list ? (
              list.map((row) => (
                <tr key={row.id}>
                  <td>
                    <Link href={href(row)} className={authoring.rowLink}>
                      {row.name}
                    </Link>
                    {row.description ? (
                      <div className={`${table.secondaryText} ${authoring.clamp}`}>{row.description}</div>
                    ) : null}
                  </td>
                  {extra ? <td className={table.muted}>{extra.cell(row)}</td> : null}
                  <td>
                    <RevisionBadge revision={row.publishedRevision} />
                  </td>
                  <td className={table.muted}>
                    <DateTime value={row.updatedAt} />
                  </td>
                </tr>
              ))
            ) : (
              <TableSkeleton columns={extra ? 4 : 3} />
            )}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
