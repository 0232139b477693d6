import { randomUUID } from "node:crypto";
import type { TTransaction } from "@/server/db/client";
import { enqueue } from "@/server/jobs/enqueue";

/** The assistant event types of section 6.2, and connection.failed (a worker's connection needs reconnecting: docs/assistant/connections.md). */
export type TAssistantEventType =
  "message.created" | "approval.requested" | "action.recorded" | "usage.recorded" | "connection.failed";

export type TRecordAssistantEvent = {
  organizationId: string;
  /** The worker_ref the event is about; null for an organization-wide event. */
  workerId: string | null;
  type: TAssistantEventType;
  /** The event's `data`, snake_case exactly as section 6.2 names its fields. */
  data: Record<string, unknown>;
  occurredAt?: Date;
};

type TCounted = { eventSeq: bigint; webhookUrl: string };

/**
 * Records one assistant event inside the caller's transaction, with the delivery of it to the
 * webhook URL configured now and the job that wakes that delivery. Nothing is recorded while no
 * webhook URL is configured (section 6.2: only such events can be replayed).
 *
 * The cursor of GET /events is `seq`, taken by incrementing the organization's counter in this
 * same transaction: the row lock holds until commit, so a later seq never commits before an
 * earlier one and a reader paging by seq never skips an event that commits late.
 */
export async function recordAssistantEvent(
  tx: TTransaction,
  event: TRecordAssistantEvent,
): Promise<{ eventId: string } | null> {
  const [counted] = await tx.$queryRaw<TCounted[]>`
    UPDATE "assistant_configs" SET "eventSeq" = "eventSeq" + 1
    WHERE "organizationId" = ${event.organizationId}::uuid AND "webhookUrl" IS NOT NULL
    RETURNING "eventSeq", "webhookUrl"`;
  if (!counted) return null;
  const id = randomUUID();
  const occurredAt = event.occurredAt ?? new Date();
  // The exact bytes every attempt and every replay carries.
  const body = JSON.stringify({
    id,
    type: event.type,
    occurred_at: occurredAt.toISOString(),
    worker_ref: event.workerId,
    data: event.data,
  });
  await tx.assistantEvent.create({
    data: {
      id,
      organizationId: event.organizationId,
      seq: counted.eventSeq,
      workerId: event.workerId,
      type: event.type,
      body,
      createdAt: occurredAt,
    },
  });
  const delivery = await tx.webhookDelivery.create({
    data: { organizationId: event.organizationId, eventId: id, url: counted.webhookUrl, nextAttemptAt: occurredAt },
    select: { id: true },
  });
  await enqueue(tx, { kind: "webhook-delivery", deliveryId: delivery.id });
  return { eventId: id };
}
