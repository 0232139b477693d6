"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { PlatformApps } from "./platform-apps";
import { PlatformFollowers } from "./platform-followers";
import { PlatformKeys } from "./platform-keys";
import { PlatformSettings } from "./platform-settings";
import { PlatformStatusBadge } from "./platform-status-badge";
import { PlatformTemplates } from "./platform-templates";
import { useRefreshAdmin } from "./use-refresh-admin";
import styles from "./admin.module.css";

/** One platform: its standing, credentials, templates and customers on one page. */
export function PlatformDetail({ platformId }: { platformId: string }) {
  const trpc = useTRPC();
  const refresh = useRefreshAdmin();
  const query = useQuery(trpc.admin.getPlatform.queryOptions({ platformId }));
  const setStatus = useMutation(trpc.admin.setPlatformStatus.mutationOptions({ onSuccess: () => refresh() }));
  const platform = query.data?.platform;
  if (!platform) {
    return query.isError ? (
      <Alert tone="error" title="The platform could not be loaded">
        {errorMessage(query.error)}
      </Alert>
    ) : null;
  }
  const suspended = platform.status === "SUSPENDED";
  return (
    <div className={styles.stack}>
      <PageHeader
        title={platform.name}
        description={
          suspended
            ? "Suspended: every partner route refuses this platform's keys and leases."
            : "Active: its keys and leases work."
        }
        actions={
          <div className={styles.headerActions}>
            <PlatformStatusBadge status={platform.status} />
            <Button
              variant={suspended ? "primary" : "dangerOutline"}
              busy={setStatus.isPending}
              onClick={() => setStatus.mutate({ platformId, status: suspended ? "ACTIVE" : "SUSPENDED" })}
            >
              {suspended ? "Reactivate platform" : "Suspend platform"}
            </Button>
          </div>
        }
      />
      {setStatus.isError ? <Alert tone="error">{errorMessage(setStatus.error)}</Alert> : null}
      <PlatformSettings platform={platform} />
      <PlatformKeys platformId={platformId} />
      <PlatformApps platformId={platformId} />
      <PlatformTemplates platformId={platformId} provisioningTemplateId={platform.provisioningTemplateId} />
      <PlatformFollowers platformId={platformId} />
    </div>
  );
}
