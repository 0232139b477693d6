"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { ButtonLink } from "@/components/authoring/button-link";
import { LibraryIcon } from "@/components/authoring/icons";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import table from "@/components/ui/table.module.css";
import authoring from "@/components/authoring/authoring.module.css";

/** Organization modules, then those of the person's domains. */
export function ModulesTable({ canCreate }: { canCreate: boolean }) {
  const trpc = useTRPC();
  const modules = useQuery(trpc.knowledge.listModules.queryOptions());
  const domains = useQuery(trpc.tenancy.listDomains.queryOptions());
  const domainNames = new Map((domains.data?.domains ?? []).map((domain) => [domain.id, domain.name]));
  const list = modules.data?.modules;

  if (modules.isError) {
    return (
      <Alert tone="error" title="Modules could not be loaded">
        {errorMessage(modules.error)}
      </Alert>
    );
  }
  if (list && list.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={<LibraryIcon size={22} />}
          title="No modules yet"
          action={
            canCreate ? (
              <ButtonLink href="/knowledge/modules/new" variant="primary">
                New module
              </ButtonLink>
            ) : undefined
          }
        >
          A module groups published articles, so an agent can search exactly those.
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card title="Modules" description="Agents that select modules search only the published articles these hold." flush>
      <div className={table.wrap}>
        <table className={table.table} aria-label="Modules" aria-busy={!list || undefined}>
          <thead>
            <tr>
              <th scope="col">Module</th>
              <th scope="col">Kind</th>
              <th scope="col">Domain</th>
              <th scope="col" className={table.numeric}>
                Articles
              </th>
            </tr>
          </thead>
          <tbody>
            {list ? (
              list.map((knowledgeModule) => (
                <tr key={knowledgeModule.id}>
                  <td>
                    <Link href={`/knowledge/modules/${knowledgeModule.id}`} className={authoring.rowLink}>
                      {knowledgeModule.name}
                    </Link>
                    {knowledgeModule.description ? (
                      <div className={`${table.secondaryText} ${authoring.clamp}`}>{knowledgeModule.description}</div>
                    ) : null}
                  </td>
                  <td>
                    {knowledgeModule.kind === "org" ? (
                      <Badge tone="brand">Organization</Badge>
                    ) : (
                      <Badge tone="neutral">Domain</Badge>
                    )}
                  </td>
                  <td className={knowledgeModule.domainId ? undefined : table.muted}>
                    {knowledgeModule.domainId ? (domainNames.get(knowledgeModule.domainId) ?? "…") : "—"}
                  </td>
                  <td className={table.numeric}>{knowledgeModule.articleCount}</td>
                </tr>
              ))
            ) : (
              <TableSkeleton columns={4} />
            )}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
