"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import table from "@/components/ui/table.module.css";
import authoring from "@/components/authoring/authoring.module.css";

/** The organization's base first, then the bases of the person's domains. */
export function BasesTable() {
  const trpc = useTRPC();
  const bases = useQuery(trpc.knowledge.listBases.queryOptions());
  const list = bases.data?.bases;
  if (bases.isError) {
    return (
      <Alert tone="error" title="Knowledge bases could not be loaded">
        {errorMessage(bases.error)}
      </Alert>
    );
  }
  return (
    <Card
      title="Knowledge bases"
      description="Each base holds articles. Agents and search read only published articles."
      flush
    >
      <div className={table.wrap}>
        <table className={table.table} aria-label="Knowledge bases" aria-busy={!list || undefined}>
          <thead>
            <tr>
              <th scope="col">Base</th>
              <th scope="col">Scope</th>
              <th scope="col" className={table.numeric}>
                Articles
              </th>
              <th scope="col" className={table.numeric}>
                Published
              </th>
              <th scope="col">Your access</th>
            </tr>
          </thead>
          <tbody>
            {list ? (
              list.map((base) => (
                <tr key={base.id}>
                  <td>
                    <Link href={`/knowledge/bases/${base.id}`} className={authoring.rowLink}>
                      {base.name}
                    </Link>
                  </td>
                  <td>
                    {base.scope === "org" ? (
                      <Badge tone="brand">Organization</Badge>
                    ) : (
                      <Badge tone="neutral">Domain</Badge>
                    )}
                  </td>
                  <td className={table.numeric}>{base.articleCount}</td>
                  <td className={table.numeric}>{base.publishedCount}</td>
                  <td className={table.muted}>{base.canManage ? "Can edit" : "Read only"}</td>
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
