import type { TEventFilter, TTrigger } from "@/contracts/triggers/trigger";
import type { Prisma } from "@/server/db/generated/client";
import { publicBaseUrl } from "@/server/env";

/** Never selects the sealed endpoint secret's content beyond knowing whether it exists. */
export const TRIGGER_SELECT = {
  id: true,
  domainId: true,
  type: true,
  name: true,
  active: true,
  createdAt: true,
  cron: true,
  timezone: true,
  input: true,
  nextFireAt: true,
  sourceIntegrationId: true,
  connectionId: true,
  eventType: true,
  eventFilter: true,
  ingressToken: true,
  sealedEndpointSecret: true,
} satisfies Prisma.TriggerSelect;

export type TTriggerRow = Prisma.TriggerGetPayload<{ select: typeof TRIGGER_SELECT }>;

export function ingressUrl(token: string): string {
  return `${publicBaseUrl()}/api/v1/triggers/ingress/${token}`;
}

/** The public shape: explicit fields per type, the secret reduced to a flag. */
export function toTrigger(row: TTriggerRow): TTrigger {
  const base = {
    id: row.id,
    domainId: row.domainId,
    name: row.name,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
  if (row.type === "SCHEDULE") {
    return {
      ...base,
      type: "schedule",
      cron: row.cron ?? "",
      timezone: row.timezone ?? "UTC",
      input: (row.input as Record<string, unknown> | null) ?? {},
      nextFireAt: row.nextFireAt?.toISOString() ?? null,
    };
  }
  if (row.type === "API") return { ...base, type: "api" };
  return {
    ...base,
    type: "event",
    sourceIntegrationId: row.sourceIntegrationId ?? "",
    connectionId: row.connectionId ?? "",
    eventType: row.eventType ?? "",
    eventFilter: (row.eventFilter as TEventFilter | null) ?? null,
    ingressUrl: ingressUrl(row.ingressToken ?? ""),
    hasEndpointSecret: row.sealedEndpointSecret !== null,
  };
}
