"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import table from "@/components/ui/table.module.css";
import { CreateEndpointForm, type TNewEndpointSecret } from "./create-endpoint-form";
import { EndpointDeliveries } from "./endpoint-deliveries";
import { EndpointSecretPanel } from "./endpoint-secret-panel";
import { RecentEvents } from "./recent-events";
import styles from "./webhook-endpoints.module.css";

/** The organization's webhook endpoints: add one (secret shown once), pause it, see its deliveries and recent events. */
export function WebhookEndpointsView() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<TNewEndpointSecret | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const endpoints = useQuery(trpc.webhookEndpoints.consoleList.queryOptions({}));
  const update = useMutation(
    trpc.webhookEndpoints.consoleUpdate.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.webhookEndpoints.consoleList.queryKey() }),
    }),
  );
  if (endpoints.isError)
    return (
      <Alert tone="error" title="The webhook endpoints could not be loaded">
        {errorMessage(endpoints.error)}
      </Alert>
    );
  const items = endpoints.data?.items;
  const selected = items?.find((endpoint) => endpoint.id === shown);
  return (
    <div className={styles.stack}>
      {created ? <EndpointSecretPanel created={created} onDone={() => setCreated(null)} /> : null}
      <CreateEndpointForm onCreated={setCreated} />
      {update.isError ? (
        <Alert tone="error" title="The endpoint was not changed">
          {errorMessage(update.error)}
        </Alert>
      ) : null}
      <Card title="Endpoints" flush>
        <div className={table.wrap}>
          <table className={table.table} aria-label="Webhook endpoints" aria-busy={!items || undefined}>
            <thead>
              <tr>
                <th scope="col">URL</th>
                <th scope="col">Events</th>
                <th scope="col">Status</th>
                <th scope="col" className={table.actions}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items?.length === 0 ? (
                <tr>
                  <td colSpan={4} className={table.muted}>
                    No endpoints yet.
                  </td>
                </tr>
              ) : null}
              {items?.map((endpoint) => (
                <tr key={endpoint.id}>
                  <td>
                    <div className={table.primaryText}>{endpoint.url}</div>
                    <div className={table.secondaryText}>
                      {endpoint.description ?? "No description"} · secret {endpoint.secretHint}
                    </div>
                  </td>
                  <td>{endpoint.eventTypes.join(", ")}</td>
                  <td>
                    <Badge tone={endpoint.enabled ? "success" : "neutral"} dot>
                      {endpoint.enabled ? "Enabled" : "Disabled"}
                    </Badge>
                  </td>
                  <td className={table.actions}>
                    <div className={styles.actions}>
                      <Button
                        size="small"
                        onClick={() => setShown(shown === endpoint.id ? null : endpoint.id)}
                        aria-expanded={shown === endpoint.id}
                        aria-label={`Deliveries to ${endpoint.url}`}
                      >
                        Deliveries
                      </Button>
                      <Button
                        size="small"
                        busy={update.isPending && update.variables?.endpointId === endpoint.id}
                        onClick={() => update.mutate({ endpointId: endpoint.id, enabled: !endpoint.enabled })}
                        aria-label={`${endpoint.enabled ? "Disable" : "Enable"} ${endpoint.url}`}
                      >
                        {endpoint.enabled ? "Disable" : "Enable"}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      {selected ? <EndpointDeliveries endpointId={selected.id} url={selected.url} /> : null}
      {items ? <RecentEvents endpoints={items} /> : null}
    </div>
  );
}
