import type { TFireTriggerRequest, TFireTriggerResponse } from "@/contracts/triggers/fire-trigger";
import type { TUserActor } from "@/server/auth/actor";
import { roleAllows } from "@/server/auth/permissions";
import { signingSecret } from "@/server/auth/signing-secret";
import { isUuid } from "@/contracts/common/ids";
import { atomically, db, queryRows } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import type { DomainRole } from "@/server/db/generated/enums";
import { AppError, notFound } from "@/server/errors";
import { idempotencyKeyOf } from "@/server/idempotency/idempotency-key";
import { runIdempotent } from "@/server/idempotency/idempotency-store";
import { requestDigest } from "@/server/idempotency/request-digest";
import { fireTrigger, type TFiringTrigger } from "./fire-trigger";

type TFireableRow = TFiringTrigger & { type: "API" | "SCHEDULE" | "EVENT"; active: boolean; role: DomainRole | null };

export const FIRE_SCOPE = "triggers.fire";
export const FIRE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The trigger the key owner may fire. Unknown ids, other organizations' triggers and triggers
 * of a domain the owner is no member of are the uniform 404. A visible trigger the owner's role
 * cannot run (Viewer) is 403; one that is not an API trigger is 400; an inactive one is 409.
 */
export async function fireableTrigger(actor: TUserActor, triggerId: string): Promise<TFiringTrigger> {
  // The trigger with the caller's role in its domain: one raw statement (the driver path on
  // PostgreSQL), as every API fire reads it.
  const [trigger] = isUuid(triggerId)
    ? await queryRows<TFireableRow>(
        db(),
        Prisma.sql`SELECT t.id::text, t."organizationId"::text, t."domainId"::text, t.name, t.type::text AS type, t.active, m.role::text AS role
          FROM triggers t JOIN domains d ON d.id = t."domainId" AND d."organizationId" = t."organizationId"
          LEFT JOIN domain_memberships m ON m."domainId" = t."domainId" AND m."userId" = ${actor.userId}::uuid
          WHERE t.id = ${triggerId}::uuid AND t."organizationId" = ${actor.orgId}::uuid`,
      )
    : [];
  if (!trigger) throw notFound("trigger");
  const { role } = trigger;
  if (role === null) throw notFound("trigger");
  if (!roleAllows(role, "execute")) {
    throw new AppError("FORBIDDEN", "Your role in this trigger's domain does not allow running automations.", {
      details: { permission: "execute" },
    });
  }
  if (trigger.type !== "API") {
    throw new AppError(
      "VALIDATION",
      `"${trigger.name}" is a ${trigger.type.toLowerCase()} trigger; only API triggers can be fired through this route.`,
      { details: { field: "triggerId" } },
    );
  }
  if (!trigger.active) {
    throw new AppError("CONFLICT", `"${trigger.name}" is inactive; activate it in the console before firing it.`, {
      details: { triggerId: trigger.id },
    });
  }
  return { id: trigger.id, organizationId: trigger.organizationId, domainId: trigger.domainId, name: trigger.name };
}

function expiryOf(value: string | undefined, now: Date): Date | null {
  if (value === undefined) return null;
  const expiresAt = new Date(value);
  if (expiresAt.getTime() <= now.getTime()) {
    throw new AppError(
      "VALIDATION",
      "callerCredentialExpiresAt is in the past; send a future ISO-8601 timestamp or omit it.",
      { details: { field: "callerCredentialExpiresAt" } },
    );
  }
  return expiresAt;
}

export type TFireOutcome = { body: TFireTriggerResponse; replayed: boolean };

/**
 * POST /api/v1/triggers/fire (spec 4.5). Every refusal (format, visibility, state, expiry)
 * happens before the key is reserved, so it stores no outcome. The fan-out and the recorded
 * outcome commit in one transaction: of concurrent duplicates exactly one fans out, the rest
 * see IDEMPOTENCY_IN_PROGRESS or the replay.
 */
export async function fireTriggerByApi(
  actor: TUserActor,
  body: TFireTriggerRequest,
  headers: Headers,
  options: {
    now?: Date;
    /** A door whose claims stay apart from the same key sent elsewhere (tenant routes: `partner:<platformId>`). */
    idempotencyScope?: string;
  } = {},
): Promise<TFireOutcome> {
  const now = options.now ?? new Date();
  const key = idempotencyKeyOf(headers, body.idempotencyKey);
  const expiresAt = expiryOf(body.callerCredentialExpiresAt, now);
  const trigger = await fireableTrigger(actor, body.triggerId);
  const digest = requestDigest({
    target: trigger.id,
    input: body.input,
    credentials: body.callerCredentials,
    secret: await signingSecret(),
  });
  const result = await runIdempotent<TFireTriggerResponse>({
    orgId: actor.orgId,
    scope: options.idempotencyScope ? `${options.idempotencyScope}|${FIRE_SCOPE}` : FIRE_SCOPE,
    key,
    digest,
    windowMs: FIRE_WINDOW_MS,
    // Without a key the fan-out is one statement (sessions, grants, firing, results, jobs),
    // atomic by itself: no transaction is opened. With one, its outcome commits with the fan-out.
    execute: (recordOutcome) =>
      atomically(key === null, async (tx) => {
        const fired = await fireTrigger(tx, {
          trigger,
          source: "API",
          actorId: actor.userId,
          input: body.input,
          callerCredentials: body.callerCredentials,
          callerCredentialExpiresAt: expiresAt,
        });
        const response = { status: 202, body: { sessions: fired.sessions } };
        await recordOutcome(tx, response);
        return response;
      }),
  });
  return { body: result.body, replayed: result.replayed };
}
