import type { TWebhookDeliveryView } from "@/contracts/assistant/webhook-deliveries";
import { Badge, type TBadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import table from "@/components/ui/table.module.css";
import { DeliveryAttempts } from "./delivery-attempts";
import styles from "./webhooks.module.css";

const TONE: Record<TWebhookDeliveryView["status"], TBadgeTone> = {
  PENDING: "brand",
  SUCCEEDED: "success",
  FAILED: "danger",
};
const LABEL: Record<TWebhookDeliveryView["status"], string> = {
  PENDING: "Pending",
  SUCCEEDED: "Delivered",
  FAILED: "Failed",
};

type TProps = {
  deliveries: TWebhookDeliveryView[] | undefined;
  redelivering: string | null;
  onRedeliver: (delivery: TWebhookDeliveryView) => void;
};

/** `deliveries` is undefined while loading. */
export function DeliveriesTable({ deliveries, redelivering, onRedeliver }: TProps) {
  return (
    <div className={table.wrap}>
      <table className={table.table} aria-label="Webhook deliveries" aria-busy={!deliveries || undefined}>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Worker</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Next attempt</th>
            <th scope="col" className={table.actions}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries ? (
            deliveries.map((delivery) => (
              <tr key={delivery.id} data-delivery-id={delivery.id}>
                <td>
                  <div className={table.primaryText}>{delivery.eventType}</div>
                  <div className={table.secondaryText}>
                    <code className={styles.code}>{delivery.eventId}</code> · <DateTime value={delivery.createdAt} />
                  </div>
                </td>
                <td className={delivery.workerRef ? undefined : table.muted}>
                  {delivery.workerRef ? <code className={styles.code}>{delivery.workerRef}</code> : "—"}
                </td>
                <td>
                  <Badge tone={TONE[delivery.status]} dot>
                    {LABEL[delivery.status]}
                  </Badge>
                </td>
                <td>
                  <DeliveryAttempts attempts={delivery.attempts} />
                </td>
                <td className={delivery.nextAttemptAt ? undefined : table.muted}>
                  <DateTime value={delivery.nextAttemptAt} />
                </td>
                <td className={table.actions}>
                  <Button
                    size="small"
                    busy={redelivering === delivery.id}
                    disabled={redelivering !== null}
                    onClick={() => onRedeliver(delivery)}
                    aria-label={`Redeliver ${delivery.eventType} ${delivery.eventId}`}
                  >
                    Redeliver
                  </Button>
                </td>
              </tr>
            ))
          ) : (
            <TableSkeleton columns={6} />
          )}
        </tbody>
      </table>
    </div>
  );
}
