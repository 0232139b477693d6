import type { TIngressEvent } from "@/contracts/triggers/ingress";

/** The input every subscriber of an event firing receives (flows verbatim, agents rendered). */
export type TEventFiringInput = {
  eventType: string;
  occurredAt: string;
  actor: NonNullable<TIngressEvent["actor"]> | null;
  payload: Record<string, unknown>;
};

/**
 * One event as subscriber input: its type, when it happened (the receipt time when the sender
 * did not say), who acted (or null) and its payload. Shared by the ingress route and the
 * console's "Fire now" of an event trigger, so both deliver the same shape.
 */
export function eventFiringInput(eventType: string, event: TIngressEvent, receivedAt: Date): TEventFiringInput {
  return {
    eventType,
    occurredAt: event.occurredAt ? new Date(event.occurredAt).toISOString() : receivedAt.toISOString(),
    actor: event.actor ?? null,
    payload: event.payload,
  };
}
