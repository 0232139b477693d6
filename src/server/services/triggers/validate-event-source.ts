import type { TCreateTriggerRequest } from "@/contracts/triggers/create-trigger";
import type { TTransaction } from "@/server/db/client";
import { AppError, notFound } from "@/server/errors";
import { findVisibleIntegration } from "@/server/integrations/catalog";
import type { TIntegrationEvent } from "@/server/integrations/types";
import { validateEventFilter } from "./event-filter";
import { eventTriggersEnabled } from "./rollout";

type TEventRequest = Extract<TCreateTriggerRequest, { type: "event" }>;

/**
 * Section 4.5's catalog checks: the adapter exists for the organization, declares the event,
 * and the filter names a field the event has. Runs before the transaction (the catalog reads
 * through the outer client, which must not be used inside one).
 */
export async function validateEventCatalog(orgId: string, input: TEventRequest): Promise<TIntegrationEvent> {
  const integration = await findVisibleIntegration(orgId, input.sourceIntegrationId);
  if (!integration) throw notFound("integration");
  const declared = integration.events ?? [];
  const event = declared.find((candidate) => candidate.type === input.eventType);
  if (!event) {
    const offered = declared.length
      ? `It declares: ${declared.map((candidate) => candidate.type).join(", ")}.`
      : "It declares no events, so it cannot source an event trigger.";
    throw new AppError(
      "VALIDATION",
      `eventType: ${integration.id} does not declare the event "${input.eventType}". ${offered}`,
      { details: { field: "eventType" } },
    );
  }
  if (input.eventFilter) validateEventFilter(event, input.eventFilter);
  return event;
}

/**
 * The organization's rollout, provider-app prerequisites and connection ownership, inside the
 * creating transaction so neither the flag nor the connection can change between check and insert.
 */
export async function validateEventAccess(tx: TTransaction, orgId: string, input: TEventRequest): Promise<void> {
  if (!(await eventTriggersEnabled(orgId, tx))) {
    throw new AppError(
      "FORBIDDEN",
      "Event triggers are not enabled for this organization yet. Ask the service operator to turn them on for it (Admin, Event triggers).",
      {
        details: { rollout: "event_triggers" },
      },
    );
  }
  // Provider-app prerequisites: no built-in integration needs an OAuth provider app to receive
  // events (service.http's webhook is delivered to our own ingress URL), so there is none to check.
  const connection = await tx.connection.findUnique({
    where: { id: input.connectionId },
    select: { organizationId: true, domainId: true, integrationId: true, name: true },
  });
  if (!connection || connection.organizationId !== orgId) throw notFound("connection");
  if (connection.domainId !== input.domainId) {
    throw new AppError(
      "VALIDATION",
      `connectionId: the connection "${connection.name}" belongs to another domain; choose a connection of the trigger's domain.`,
      {
        details: { field: "connectionId" },
      },
    );
  }
  if (connection.integrationId !== input.sourceIntegrationId) {
    throw new AppError(
      "VALIDATION",
      `connectionId: the connection "${connection.name}" is for ${connection.integrationId}, not ${input.sourceIntegrationId}; choose a connection to ${input.sourceIntegrationId}.`,
      {
        details: { field: "connectionId" },
      },
    );
  }
}
