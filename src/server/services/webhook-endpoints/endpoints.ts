import type {
  TCreateWebhookEndpointRequest,
  TListWebhookEndpointsRequest,
  TListWebhookEndpointsResponse,
  TUpdateWebhookEndpointRequest,
} from "@/contracts/webhooks/endpoint-routes";
import type { TWebhookEndpoint, TWebhookEndpointWithSecret } from "@/contracts/webhooks/endpoint";
import type { TUserActor } from "@/server/auth/actor";
import { atomically, db } from "@/server/db/client";
import type { TRecordAnswer } from "@/server/idempotency/idempotent-call";
import { seal } from "@/server/vault/vault";
import {
  checkEndpointUrl,
  ENDPOINT_SELECT,
  findOwnEndpoint,
  newSigningSecret,
  requireAdmin,
  secretHintOf,
  toEndpointView,
  uniqueTypes,
} from "./endpoint-access";

/**
 * Registers an endpoint with a fresh signing secret, sealed by the vault: the answer is the
 * only place the secret appears. An Idempotency-Key replay answers the endpoint with `secret:
 * null`, because the stored replay never holds the secret in clear.
 */
export async function createWebhookEndpoint(
  actor: TUserActor,
  input: TCreateWebhookEndpointRequest,
  record?: TRecordAnswer<TWebhookEndpointWithSecret>,
): Promise<TWebhookEndpointWithSecret> {
  requireAdmin(actor);
  await checkEndpointUrl(input.url);
  const secret = newSigningSecret();
  const sealed = await seal(secret);
  return atomically(!record, async (tx) => {
    const row = await tx.webhookEndpoint.create({
      data: {
        organizationId: actor.orgId,
        url: input.url,
        eventTypes: uniqueTypes(input.eventTypes),
        description: input.description || null,
        enabled: input.enabled ?? true,
        secret: sealed,
        secretHint: secretHintOf(secret),
      },
      select: ENDPOINT_SELECT,
    });
    const endpoint = toEndpointView(row);
    await record?.(tx, { endpoint, secret: null });
    return { endpoint, secret };
  });
}

export async function listWebhookEndpoints(
  actor: TUserActor,
  input: TListWebhookEndpointsRequest,
): Promise<TListWebhookEndpointsResponse> {
  requireAdmin(actor);
  const where = { organizationId: actor.orgId };
  const [rows, total] = await Promise.all([
    db().webhookEndpoint.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: input.offset,
      take: input.limit,
      select: ENDPOINT_SELECT,
    }),
    db().webhookEndpoint.count({ where }),
  ]);
  return { items: rows.map(toEndpointView), total, limit: input.limit, offset: input.offset };
}

export async function getWebhookEndpoint(actor: TUserActor, endpointId: string): Promise<TWebhookEndpoint> {
  return toEndpointView(await findOwnEndpoint(actor, endpointId));
}

/** Changes the given fields; deliveries already recorded keep their URL (they are history). */
export async function updateWebhookEndpoint(
  actor: TUserActor,
  input: TUpdateWebhookEndpointRequest,
): Promise<TWebhookEndpoint> {
  await findOwnEndpoint(actor, input.endpointId);
  if (input.url !== undefined) await checkEndpointUrl(input.url);
  const row = await db().webhookEndpoint.update({
    where: { id: input.endpointId },
    data: {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.eventTypes !== undefined ? { eventTypes: uniqueTypes(input.eventTypes) } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    },
    select: ENDPOINT_SELECT,
  });
  return toEndpointView(row);
}

/** Deletes the endpoint; its deliveries and attempts go with it (cascade), so nothing more is sent. */
export async function deleteWebhookEndpoint(actor: TUserActor, endpointId: string): Promise<void> {
  await findOwnEndpoint(actor, endpointId);
  await db().webhookEndpoint.deleteMany({ where: { id: endpointId, organizationId: actor.orgId } });
}

/** A new signing secret, shown only in this answer; every later attempt is signed with it. */
export async function rotateWebhookEndpointSecret(
  actor: TUserActor,
  endpointId: string,
): Promise<TWebhookEndpointWithSecret> {
  await findOwnEndpoint(actor, endpointId);
  const secret = newSigningSecret();
  const row = await db().webhookEndpoint.update({
    where: { id: endpointId },
    data: { secret: await seal(secret), secretHint: secretHintOf(secret) },
    select: ENDPOINT_SELECT,
  });
  return { endpoint: toEndpointView(row), secret };
}
