"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import table from "@/components/ui/table.module.css";
import styles from "./webhook-endpoints.module.css";

type TEndpointRef = { id: string; url: string; enabled: boolean; eventTypes: string[] };

/** The event log's newest events, each with a Resend to every enabled endpoint that wants its type. */
export function RecentEvents({ endpoints }: { endpoints: TEndpointRef[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const events = useQuery({ ...trpc.webhookEvents.consoleList.queryOptions({}), refetchInterval: 10_000 });
  const resend = useMutation(
    trpc.webhookEvents.consoleResend.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.webhookEndpoints.consoleDeliveries.queryKey() }),
    }),
  );
  if (events.isError)
    return (
      <Alert tone="error" title="The recent events could not be loaded">
        {errorMessage(events.error)}
      </Alert>
    );
  const items = events.data?.items;
  return (
    <Card title="Recent events" description="The event log keeps every event 30 days, as delivered." flush>
      {resend.isError ? (
        <Alert tone="error" title="The event was not resent">
          {errorMessage(resend.error)}
        </Alert>
      ) : null}
      {resend.data ? (
        <Alert
          tone={resend.data.succeeded ? "success" : "error"}
          title={resend.data.succeeded ? "Resent" : "Not answered with 2xx"}
        >
          Event <code>{resend.data.delivery.eventId}</code>: attempt {resend.data.delivery.attemptCount}.
        </Alert>
      ) : null}
      <div className={table.wrap}>
        <table className={table.table} aria-label="Recent events" aria-busy={!items || undefined}>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Time</th>
              <th scope="col" className={table.actions}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items?.length === 0 ? (
              <tr>
                <td colSpan={3} className={table.muted}>
                  No events yet: they are recorded while an enabled endpoint subscribes to their type.
                </td>
              </tr>
            ) : null}
            {items?.map((event) => (
              <tr key={event.id}>
                <td>
                  <div className={table.primaryText}>{event.type}</div>
                  <div className={table.secondaryText}>
                    <code>{event.id}</code>
                  </div>
                </td>
                <td>
                  <DateTime value={event.createdAt} />
                </td>
                <td className={table.actions}>
                  <div className={styles.actions}>
                    {endpoints
                      .filter((endpoint) => endpoint.enabled && endpoint.eventTypes.includes(event.type))
                      .map((endpoint) => (
                        <Button
                          key={endpoint.id}
                          size="small"
                          busy={
                            resend.isPending &&
                            resend.variables?.eventId === event.id &&
                            resend.variables.endpointId === endpoint.id
                          }
                          disabled={resend.isPending}
                          onClick={() => resend.mutate({ eventId: event.id, endpointId: endpoint.id })}
                          aria-label={`Resend ${event.type} ${event.id} to ${endpoint.url}`}
                        >
                          Resend to {new URL(endpoint.url).host}
                        </Button>
                      ))}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
