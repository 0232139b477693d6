"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import table from "@/components/ui/table.module.css";
import { DeliveryAttempts } from "@/components/webhooks/delivery-attempts";

const TONE = { PENDING: "brand", SUCCEEDED: "success", FAILED: "danger" } as const;
const LABEL = { PENDING: "Pending", SUCCEEDED: "Delivered", FAILED: "Failed" } as const;

/** One endpoint's deliveries, newest first, each with its attempts and a Redeliver action. */
export function EndpointDeliveries({ endpointId, url }: { endpointId: string; url: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const deliveries = useQuery({
    ...trpc.webhookEndpoints.consoleDeliveries.queryOptions({ endpointId }),
    refetchInterval: 10_000,
  });
  const redeliver = useMutation(
    trpc.webhookEndpoints.consoleRedeliver.mutationOptions({
      onSettled: () =>
        queryClient.invalidateQueries({ queryKey: trpc.webhookEndpoints.consoleDeliveries.queryKey({ endpointId }) }),
    }),
  );
  if (deliveries.isError)
    return (
      <Alert tone="error" title="The deliveries could not be loaded">
        {errorMessage(deliveries.error)}
      </Alert>
    );
  const items = deliveries.data?.items;
  return (
    <Card title={`Deliveries to ${url}`} description="Newest first, with every attempt." flush>
      {redeliver.isError ? (
        <Alert tone="error" title="The delivery was not attempted">
          {errorMessage(redeliver.error)}
        </Alert>
      ) : null}
      <div className={table.wrap}>
        <table className={table.table} aria-label={`Deliveries to ${url}`} aria-busy={!items || undefined}>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col" className={table.actions}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items?.length === 0 ? (
              <tr>
                <td colSpan={4} className={table.muted}>
                  No deliveries yet.
                </td>
              </tr>
            ) : null}
            {items?.map((delivery) => (
              <tr key={delivery.id}>
                <td>
                  <div className={table.primaryText}>{delivery.eventType}</div>
                  <div className={table.secondaryText}>
                    <code>{delivery.eventId}</code> · <DateTime value={delivery.createdAt} />
                  </div>
                </td>
                <td>
                  <Badge tone={TONE[delivery.status]} dot>
                    {LABEL[delivery.status]}
                  </Badge>
                </td>
                <td>
                  <DeliveryAttempts attempts={delivery.attempts} />
                </td>
                <td className={table.actions}>
                  <Button
                    size="small"
                    busy={redeliver.isPending && redeliver.variables?.deliveryId === delivery.id}
                    disabled={redeliver.isPending}
                    onClick={() => redeliver.mutate({ endpointId, deliveryId: delivery.id })}
                    aria-label={`Redeliver ${delivery.eventType} ${delivery.eventId}`}
                  >
                    Redeliver
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
