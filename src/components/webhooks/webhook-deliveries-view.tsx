"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { DeliveriesTable } from "./deliveries-table";
import styles from "./webhooks.module.css";

/** The organization's webhook deliveries, newest first, with their attempts and a Redeliver action. */
export function WebhookDeliveriesView() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Older pages: the ids to page back from, so "Newer" can return.
  const [pages, setPages] = useState<string[]>([]);
  const before = pages.at(-1);
  const deliveries = useQuery({
    ...trpc.assistantConfig.listWebhookDeliveries.queryOptions({ before }),
    refetchInterval: 10_000,
  });
  const redeliver = useMutation(
    trpc.assistantConfig.redeliverWebhook.mutationOptions({
      onSettled: () =>
        queryClient.invalidateQueries({ queryKey: trpc.assistantConfig.listWebhookDeliveries.queryKey() }),
    }),
  );

  if (deliveries.isError) {
    return (
      <Alert tone="error" title="The webhook deliveries could not be loaded">
        {errorMessage(deliveries.error)}
      </Alert>
    );
  }
  const items = deliveries.data?.items;
  const result = redeliver.data?.attempt;
  return (
    <div className={styles.stack}>
      {redeliver.isError ? (
        <Alert tone="error" title="The delivery was not attempted">
          {errorMessage(redeliver.error)}
        </Alert>
      ) : null}
      {result ? (
        <Alert
          tone={result.succeeded ? "success" : "warning"}
          title={result.succeeded ? "Redelivered" : "The manual attempt failed"}
        >
          Attempt #{result.number}: {result.statusCode === null ? "no answer" : `HTTP ${result.statusCode}`}
          {result.error ? ` (${result.error})` : ""}.
        </Alert>
      ) : null}
      {items && items.length === 0 && pages.length === 0 ? (
        <Card>
          <EmptyState title="No deliveries yet">
            Events are delivered once the assistant platform configures a webhook URL for this organization and
            something happens.
          </EmptyState>
        </Card>
      ) : (
        <Card
          title="Deliveries"
          description="Newest first. Each event is retried on a schedule until its receiver answers 2xx; Redeliver sends it once more now."
          flush
        >
          <DeliveriesTable
            deliveries={items}
            redelivering={redeliver.isPending ? (redeliver.variables?.deliveryId ?? null) : null}
            onRedeliver={(delivery) => redeliver.mutate({ deliveryId: delivery.id })}
          />
        </Card>
      )}
      <div className={styles.pager}>
        {pages.length > 0 ? <Button onClick={() => setPages(pages.slice(0, -1))}>Newer</Button> : null}
        {deliveries.data?.nextBefore ? (
          <Button onClick={() => setPages([...pages, deliveries.data.nextBefore!])}>Older</Button>
        ) : null}
      </div>
    </div>
  );
}
