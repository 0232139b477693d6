import { randomBytes } from "node:crypto";
import { isUuid } from "@/contracts/common/ids";
import type { TWebhookEndpoint } from "@/contracts/webhooks/endpoint";
import type { TWebhookEventType } from "@/contracts/webhooks/event-types";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import { httpToolAllowedHosts } from "@/server/env";
import { AppError, notFound } from "@/server/errors";
import { checkWebhookUrl } from "@/server/webhooks/check-url";

/**
 * Endpoints receive data about the organization's work and redeliver sends it out: Owners and
 * Admins only, like the organization's settings and the assistant's webhook deliveries.
 */
export function requireAdmin(actor: TUserActor): void {
  if (actor.orgRole !== "OWNER" && actor.orgRole !== "ADMIN")
    throw new AppError("FORBIDDEN", "Only the organization's Owners and Admins can manage webhook endpoints.");
}

export const ENDPOINT_SELECT = {
  id: true,
  url: true,
  eventTypes: true,
  description: true,
  enabled: true,
  secretHint: true,
  createdAt: true,
  updatedAt: true,
} as const;

type TEndpointRow = Prisma.WebhookEndpointGetPayload<{ select: typeof ENDPOINT_SELECT }>;

export function toEndpointView(row: TEndpointRow): TWebhookEndpoint {
  return {
    ...row,
    // Only catalog types are ever stored (the contract validates them).
    eventTypes: row.eventTypes as TWebhookEventType[],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The endpoint if it is the actor's organization's; the uniform 404 otherwise (or a malformed id). */
export async function findOwnEndpoint(actor: TUserActor, endpointId: string) {
  requireAdmin(actor);
  const row = isUuid(endpointId)
    ? await db().webhookEndpoint.findFirst({
        where: { id: endpointId, organizationId: actor.orgId },
        select: ENDPOINT_SELECT,
      })
    : null;
  if (!row) throw notFound("webhook endpoint");
  return row;
}

/** A new signing secret: `whsec_` and 32 characters of 192 random bits. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString("base64url")}`;
}

/** The secret's hint: its last 4 characters, enough to tell which one is configured. */
export const secretHintOf = (secret: string) => `…${secret.slice(-4)}`;

/**
 * https, or plain http only to a host the operator allowed for development
 * (HTTP_TOOL_ALLOWED_HOSTS, as the HTTP tool); then the SSRF guard (check-url.ts).
 */
export async function checkEndpointUrl(url: string): Promise<void> {
  const parsed = new URL(url);
  const allowed = httpToolAllowedHosts();
  const plainAllowed = allowed.includes(parsed.hostname.toLowerCase()) || allowed.includes(parsed.host.toLowerCase());
  if (parsed.protocol !== "https:" && !plainAllowed)
    throw new AppError("VALIDATION", "url: must be an https URL.", { details: { field: "url", reason: "https" } });
  await checkWebhookUrl(url, "url");
}

/** A list of event types without repeats, in the catalog's order of first mention. */
export const uniqueTypes = (types: TWebhookEventType[]) => [...new Set(types)];
