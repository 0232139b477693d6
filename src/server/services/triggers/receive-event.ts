import { createHash } from "node:crypto";
import { ZIngressEvent, type TIngressEvent, type TIngressResponse } from "@/contracts/triggers/ingress";
import type { TEventFilter } from "@/contracts/triggers/trigger";
import { db, queryRows } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import { AppError, validationError } from "@/server/errors";
import { idempotencyKeyOf } from "@/server/idempotency/idempotency-key";
import { runIdempotent, type TStoredResponse } from "@/server/idempotency/idempotency-store";
import { open } from "@/server/vault/vault";
import { eventFiringInput } from "./event-input";
import { fireTrigger } from "./fire-trigger";
import { SIGNATURE_TOLERANCE_SECONDS, verifyIngressSignature } from "./ingress-signature";
import { eventMatchesFilter } from "./match-event-filter";
import { eventTriggersEnabledSql } from "./rollout";

export const INGRESS_SCOPE = "triggers.ingress";
/** Deliveries keyed by the sender's Idempotency-Key are deduplicated as long as fires are. */
const KEYED_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A signature is only accepted inside the tolerance, so remembering it for twice that suffices. */
const SIGNED_WINDOW_MS = 2 * SIGNATURE_TOLERANCE_SECONDS * 1000;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export type TReceiveEventOptions = { token: string; headers: Headers; rawBody: string; now?: Date };
export type TReceivedEvent = { body: TIngressResponse; replayed: boolean };

type TIngressTrigger = {
  id: string;
  organizationId: string;
  domainId: string;
  name: string;
  active: boolean;
  eventType: string;
  eventFilter: TEventFilter | null;
  sealedEndpointSecret: string | null;
  eventTriggersEnabled: boolean;
};

/**
 * The event trigger at an ingress token, with its organization's rollout: one raw statement (the
 * driver path on PostgreSQL), as every delivered event reads both.
 */
async function triggerAt(token: string): Promise<TIngressTrigger> {
  const [row] = TOKEN.test(token)
    ? await queryRows<TIngressTrigger & { type: string }>(
        db(),
        Prisma.sql`SELECT t.id::text, t."organizationId"::text, t."domainId"::text, t.name, t.type::text AS type, t.active,
            COALESCE(t."eventType", '') AS "eventType", t."eventFilter", t."sealedEndpointSecret",
            ${eventTriggersEnabledSql(Prisma.sql`t."organizationId"`)} AS "eventTriggersEnabled"
          FROM triggers t WHERE t."ingressToken" = ${token}`,
      )
    : [];
  if (!row || row.type !== "EVENT")
    throw new AppError(
      "NOT_FOUND",
      "No event trigger receives calls at this URL. Copy the ingress URL from the trigger in the console.",
    );
  return row;
}

function parseEvent(rawBody: string): TIngressEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new AppError(
      "VALIDATION",
      'The request body is not valid JSON. Send { "payload": { ... } } with optional "actor" and "occurredAt".',
    );
  }
  const parsed = ZIngressEvent.safeParse(json);
  if (!parsed.success) throw validationError(parsed.error.issues);
  return parsed.data;
}

/** The sender's Idempotency-Key when given, else the signature of a signed delivery, else none. */
function deliveryKey(
  trigger: TIngressTrigger,
  headers: Headers,
  signature: string | null,
): { key: string | null; windowMs: number } {
  const senderKey = idempotencyKeyOf(headers, undefined);
  if (senderKey !== null) return { key: `${trigger.id}:key:${senderKey}`, windowMs: KEYED_WINDOW_MS };
  if (signature !== null) return { key: `${trigger.id}:sig:${signature}`, windowMs: SIGNED_WINDOW_MS };
  return { key: null, windowMs: 0 };
}

/**
 * POST /api/v1/triggers/ingress/<token> (docs/decisions.md, Event ingress). The token finds
 * the trigger (404 otherwise); a trigger with an endpoint secret accepts only calls signed with
 * it (401); then the body, the organization's rollout (403) and the trigger's state (409) are
 * checked. An event that passes the filter fans out like any firing, with no caller, so
 * caller-required subscribers are refused with CALLER_CREDENTIALS_REQUIRED (spec 5 rule 8).
 * A redelivery (same Idempotency-Key, or the same signed request) gets the first answer again.
 */
export async function receiveEvent(options: TReceiveEventOptions): Promise<TReceivedEvent> {
  const now = options.now ?? new Date();
  const trigger = await triggerAt(options.token);
  const signature =
    trigger.sealedEndpointSecret === null
      ? null
      : verifyIngressSignature(options.headers, options.rawBody, await open(trigger.sealedEndpointSecret), now);
  const event = parseEvent(options.rawBody);
  if (!trigger.eventTriggersEnabled) {
    throw new AppError(
      "FORBIDDEN",
      "Event triggers are not enabled for this organization; the event was not accepted.",
      { details: { rollout: "event_triggers" } },
    );
  }
  if (!trigger.active)
    throw new AppError(
      "CONFLICT",
      `"${trigger.name}" is inactive, so it does not accept events; activate it in the console.`,
      { details: { triggerId: trigger.id } },
    );
  const { key, windowMs } = deliveryKey(trigger, options.headers, signature);
  const input = eventFiringInput(trigger.eventType, event, now);
  const result = await runIdempotent<TIngressResponse>({
    orgId: trigger.organizationId,
    scope: INGRESS_SCOPE,
    key,
    digest: createHash("sha256").update(options.rawBody).digest("hex"),
    windowMs,
    now,
    execute: (recordOutcome) =>
      db().$transaction(async (tx): Promise<TStoredResponse<TIngressResponse>> => {
        const matched = eventMatchesFilter(trigger.eventFilter, input);
        const firingId = matched
          ? (await fireTrigger(tx, { trigger, source: "EVENT", actorId: null, input })).firingId
          : null;
        const response = { status: 202, body: { matched, firingId } };
        await recordOutcome(tx, response);
        return response;
      }),
  });
  return { body: result.body, replayed: result.replayed };
}
