"use client";

import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TAdminFollower } from "@/contracts/admin/follower";
import { Alert } from "@/components/ui/alert";
import { Badge, type TBadgeTone } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { UsersIcon } from "@/components/ui/icons";
import table from "@/components/ui/table.module.css";

const STATUS: Record<TAdminFollower["onboardingStatus"], { label: string; tone: TBadgeTone }> = {
  PENDING: { label: "Pending", tone: "muted" },
  RUNNING: { label: "Onboarding", tone: "brand" },
  COMPLETED: { label: "Onboarded", tone: "success" },
  FAILED: { label: "Failed", tone: "danger" },
};

/** Read-only: where each customer's onboarding stands, and what it applied. */
export function PlatformFollowers({ platformId }: { platformId: string }) {
  const trpc = useTRPC();
  const followers = useQuery(trpc.admin.listFollowers.queryOptions({ platformId }));
  const rows = followers.data?.followers;
  if (followers.isError) {
    return (
      <Alert tone="error" title="The customers could not be loaded">
        {errorMessage(followers.error)}
      </Alert>
    );
  }
  if (rows && rows.length === 0) {
    return (
      <Card title="Customers">
        <EmptyState icon={<UsersIcon />} title="No customers yet">
          The platform creates them with POST /api/partner/v1/organizations.
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card
      title="Customers"
      description="Every organization this platform provisioned, and where its onboarding stands."
      flush
    >
      <div className={table.wrap}>
        <table className={table.table} aria-label="Customers">
          <thead>
            <tr>
              <th scope="col">Client</th>
              <th scope="col">Onboarding</th>
              <th scope="col">Release</th>
              <th scope="col">Steps done</th>
              <th scope="col">Created</th>
              <th scope="col">Onboarded</th>
            </tr>
          </thead>
          <tbody>
            {(rows ?? []).map((follower) => (
              <tr key={follower.id}>
                <td className={table.primaryText}>
                  <span>{follower.clientName}</span>
                  <div className={table.secondaryText}>{follower.clientSegment}</div>
                </td>
                <td>
                  <Badge tone={STATUS[follower.onboardingStatus].tone}>{STATUS[follower.onboardingStatus].label}</Badge>
                  {follower.onboardingError ? (
                    <div className={table.secondaryText}>{follower.onboardingError}</div>
                  ) : null}
                </td>
                <td>
                  {follower.release ? (
                    `${follower.release.templateName} v${follower.release.version}`
                  ) : (
                    <span className={table.muted}>None</span>
                  )}
                </td>
                <td>
                  {follower.onboardingSteps.length ? (
                    follower.onboardingSteps.join(", ")
                  ) : (
                    <span className={table.muted}>None</span>
                  )}
                </td>
                <td>
                  <DateTime value={follower.createdAt} />
                </td>
                <td>
                  <DateTime value={follower.onboardedAt} fallback="Not yet" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
