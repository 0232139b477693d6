"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { useAskedValue } from "@/client/use-asked-value";
import type { TOrganizationRollout } from "@/contracts/admin/event-trigger-rollout";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import table from "@/components/ui/table.module.css";
import { useRefreshAdmin } from "./use-refresh-admin";
import styles from "./admin.module.css";

function OrganizationSwitch({ organization }: { organization: TOrganizationRollout }) {
  const trpc = useTRPC();
  const refresh = useRefreshAdmin();
  const asked = useAskedValue<boolean>();
  const set = useMutation(
    trpc.admin.setEventTriggerRollout.mutationOptions({ onSuccess: () => refresh(), onSettled: asked.settle }),
  );
  return (
    <label className={styles.switch}>
      <input
        type="checkbox"
        role="switch"
        // The asked state shows at once; the list's refetch then confirms it.
        checked={asked.shown(organization.enabled)}
        disabled={set.isPending}
        aria-label={`Event triggers for ${organization.name} (${organization.slug})`}
        onChange={(event) => {
          asked.ask(event.target.checked);
          set.mutate({ orgId: organization.id, enabled: event.target.checked });
        }}
      />
      {organization.enabled ? "On" : "Off"}
      {set.isError ? <span role="alert">{errorMessage(set.error)}</span> : null}
    </label>
  );
}

/**
 * The event-trigger rollout: one switch for every organization of the instance, and each
 * organization's own. A change of an organization's switch is written to its audit log.
 */
export function EventTriggerRollout() {
  const trpc = useTRPC();
  const refresh = useRefreshAdmin();
  const rollout = useQuery(trpc.admin.getEventTriggerRollout.queryOptions());
  const askedAll = useAskedValue<boolean>();
  const setAll = useMutation(
    trpc.admin.setInstanceEventTriggers.mutationOptions({ onSuccess: () => refresh(), onSettled: askedAll.settle }),
  );
  const organizations = rollout.data?.organizations;
  return (
    <Card
      title="Event triggers"
      description="Event triggers start agents and flows from an integration's events. Turn them on for one organization, or for every organization of this instance."
      flush
    >
      {rollout.isError ? (
        <Alert tone="error" title="The rollout could not be loaded">
          {errorMessage(rollout.error)}
        </Alert>
      ) : null}
      <div className={table.wrap}>
        <div style={{ padding: "14px 20px" }}>
          <label className={styles.switch}>
            <input
              type="checkbox"
              role="switch"
              checked={askedAll.shown(rollout.data?.instanceEnabled ?? false)}
              disabled={!rollout.data || setAll.isPending}
              onChange={(event) => {
                askedAll.ask(event.target.checked);
                setAll.mutate({ enabled: event.target.checked });
              }}
            />
            Event triggers for every organization
          </label>
          {setAll.isError ? (
            <Alert tone="error" title="The switch could not be changed">
              {errorMessage(setAll.error)}
            </Alert>
          ) : null}
        </div>
        <table className={table.table} aria-label="Organizations" aria-busy={!organizations || undefined}>
          <thead>
            <tr>
              <th scope="col">Organization</th>
              <th scope="col">Slug</th>
              <th scope="col">Event triggers</th>
              <th scope="col">Its own switch</th>
            </tr>
          </thead>
          <tbody>
            {organizations ? (
              organizations.map((organization) => (
                <tr key={organization.id}>
                  <td className={table.primaryText}>{organization.name}</td>
                  <td>
                    <code>{organization.slug}</code>
                  </td>
                  <td>
                    {organization.effective ? (
                      <Badge tone="success" dot>
                        {organization.enabled ? "Enabled" : "Enabled for every organization"}
                      </Badge>
                    ) : (
                      <Badge tone="neutral">Not enabled</Badge>
                    )}
                  </td>
                  <td>
                    <OrganizationSwitch organization={organization} />
                  </td>
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
