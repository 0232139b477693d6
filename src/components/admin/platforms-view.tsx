"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { ZCreatePlatformRequest } from "@/contracts/admin/create-platform";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { BuildingIcon } from "@/components/ui/icons";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import table from "@/components/ui/table.module.css";
import { TextField } from "@/components/ui/text-field";
import { PlatformStatusBadge } from "./platform-status-badge";
import { useRefreshAdmin } from "./use-refresh-admin";
import styles from "./admin.module.css";
import { firstFieldError } from "@/components/authoring/errors";

function CreatePlatformForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const refresh = useRefreshAdmin();
  const [name, setName] = useState("");
  const [quota, setQuota] = useState("10");
  const [grant, setGrant] = useState(true);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const create = useMutation(
    trpc.admin.createPlatform.mutationOptions({
      onSuccess: async ({ platform }) => {
        await refresh();
        router.push(`/admin/platforms/${platform.id}`);
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZCreatePlatformRequest.safeParse({ name, provisioningEnabled: grant, customerQuota: Number(quota) });
    if (!parsed.success)
      return setFieldError(firstFieldError(parsed.error, { name: "Platform name", customerQuota: "Customer quota" }));
    setFieldError(null);
    create.mutate(parsed.data);
  }

  return (
    <Card
      title="Create a partner platform"
      description="A software platform that resells the service: it provisions its own customers and acts in them through leases."
    >
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.inlineForm}>
          <TextField
            className={styles.grow}
            label="Platform name"
            value={name}
            placeholder="e.g. Shopware"
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            className={styles.narrow}
            label="Customer quota"
            type="number"
            min={0}
            value={quota}
            onChange={(event) => setQuota(event.target.value)}
          />
          <label className={styles.check}>
            <input type="checkbox" checked={grant} onChange={(event) => setGrant(event.target.checked)} />
            May provision customers
          </label>
          <Button type="submit" variant="primary" className={styles.alignButton} busy={create.isPending}>
            Create platform
          </Button>
        </div>
        {fieldError || create.isError ? (
          <div className={styles.formError}>
            <Alert tone="error" title="The platform was not created">
              {fieldError ?? errorMessage(create.error)}
            </Alert>
          </div>
        ) : null}
      </form>
    </Card>
  );
}

export function PlatformsView() {
  const trpc = useTRPC();
  const platforms = useQuery(trpc.admin.listPlatforms.queryOptions());
  const rows = platforms.data?.platforms;
  return (
    <div className={styles.stack}>
      <CreatePlatformForm />
      {platforms.isError ? (
        <Alert tone="error" title="The platforms could not be loaded">
          {errorMessage(platforms.error)}
        </Alert>
      ) : rows && rows.length === 0 ? (
        <Card>
          <EmptyState icon={<BuildingIcon />} title="No partner platforms yet">
            Create one above, then issue it a key and an app.
          </EmptyState>
        </Card>
      ) : (
        <Card title="Partner platforms" flush>
          <div className={table.wrap}>
            <table className={table.table} aria-label="Partner platforms" aria-busy={!rows || undefined}>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Status</th>
                  <th scope="col">Grant</th>
                  <th scope="col" className={table.numeric}>
                    Quota used
                  </th>
                  <th scope="col" className={table.numeric}>
                    Followers
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows ? (
                  rows.map((platform) => (
                    <tr key={platform.id}>
                      <td className={table.primaryText}>
                        <Link href={`/admin/platforms/${platform.id}`}>{platform.name}</Link>
                      </td>
                      <td>
                        <PlatformStatusBadge status={platform.status} />
                      </td>
                      <td>
                        {platform.provisioningEnabled ? (
                          <Badge tone="brand">Provisioning</Badge>
                        ) : (
                          <Badge tone="muted">No provisioning</Badge>
                        )}
                      </td>
                      <td className={table.numeric}>
                        {platform.customersProvisioned} / {platform.customerQuota}
                      </td>
                      <td className={table.numeric}>{platform.followerCount}</td>
                    </tr>
                  ))
                ) : (
                  <TableSkeleton columns={5} />
                )}
              </tbody>
            </table>
          </div>
        </Card>
      )}
    </div>
  );
}
