import type { TBeltEntry } from "@/contracts/agents/setup";
import type { TCallerCredentials } from "@/contracts/common/caller-credentials";
import type { TTransaction } from "@/server/db/client";
import { missingRequiredCallerMaterial, narrowCallerCredentials } from "@/server/services/caller-credentials/narrow";
import { Prisma } from "@/server/db/generated/client";
import { isDisabledSql } from "@/server/services/partner/entitlements/disabled-automations";
import { flowRunStart } from "@/server/services/flows/start-flow-run";
import type { TAlongside } from "@/server/services/sessions/insert-sessions";
import { startSessions, type TSessionStart } from "@/server/services/sessions/start-sessions";
import { agentMessageFor } from "./render-input";
import { flowInputRefusal } from "./subscribers";

export type TFiringSource = "API" | "SCHEDULE" | "EVENT" | "MANUAL";
export type TFiringTrigger = { id: string; organizationId: string; domainId: string; name: string };

export type TFireTriggerOptions = {
  trigger: TFiringTrigger;
  source: TFiringSource;
  /** The key owner (API) or the person (MANUAL); null for schedules and events: no caller exists. */
  actorId: string | null;
  input: Record<string, unknown>;
  callerCredentials?: TCallerCredentials;
  callerCredentialExpiresAt?: Date | null;
  /** Schedule firings: the planned slot (unique per trigger, so a slot fires once). */
  scheduledFor?: Date;
};

export type TSubscriberResult = {
  automationId: string;
  outcome: "STARTED" | "SKIPPED" | "FAILED";
  errorCode: string | null;
  errorMessage: string | null;
  sessionId: string | null;
};

export type TFireTriggerResult = {
  firingId: string;
  sessions: Array<{ automationId: string; sessionId: string }>;
  results: TSubscriberResult[];
  unusedIntegrationIds: string[];
};

type TSubscriber = {
  id: string;
  name: string;
  kind: "AGENT" | "FLOW";
  domainId: string;
  revision: number | null;
  belt: TBeltEntry[];
  /** A flow's declared inputs (its published revision's input schema); null for agents. */
  inputSchema: unknown;
  disabled: boolean;
};

/**
 * Subscribers in subscription order, each with the belt of its published revision (and a
 * flow's input schema) and whether its follower's partner disabled it: one statement for the
 * whole fan-out.
 */
async function loadSubscribers(tx: TTransaction, triggerId: string): Promise<TSubscriber[]> {
  const rows = await tx.$queryRaw<Array<Omit<TSubscriber, "belt"> & { belt: TBeltEntry[] | null }>>`
    SELECT a.id::text AS id, a.name, a.kind::text AS kind, a."domainId"::text AS "domainId", a."publishedRevision" AS revision,
      r.belt, CASE WHEN a.kind = 'FLOW' THEN r.setup->'graph'->'inputSchema' END AS "inputSchema",
      ${isDisabledSql(Prisma.sql`a.id`)} AS disabled
    FROM trigger_subscriptions s
    JOIN automations a ON a.id = s."automationId"
    LEFT JOIN automation_revisions r ON r."automationId" = a.id AND r.revision = a."publishedRevision"
    WHERE s."triggerId" = ${triggerId}::uuid
    ORDER BY s."createdAt", s.id`;
  // No published revision (LEFT JOIN): no belt. Both adapters hand json over parsed.
  return rows.map((row) => ({ ...row, belt: row.belt ?? [] }));
}

const skipped = (automationId: string, errorCode: string, errorMessage: string): TSubscriberResult => ({
  automationId,
  outcome: "SKIPPED",
  errorCode,
  errorMessage,
  sessionId: null,
});

/** Why a subscriber cannot start at all (SKIPPED), or null when it is runnable. */
function notRunnable(
  trigger: TFiringTrigger,
  subscriber: TSubscriber,
  disabled: Set<string>,
): TSubscriberResult | null {
  if (disabled.has(subscriber.id))
    return skipped(
      subscriber.id,
      "AUTOMATION_DISABLED",
      `"${subscriber.name}" is not enabled for this organization: its partner has not enabled this automation.`,
    );
  if (subscriber.revision === null)
    return skipped(
      subscriber.id,
      "NOT_PUBLISHED",
      `"${subscriber.name}" has no published revision; publish it to run it from this trigger.`,
    );
  if (subscriber.domainId !== trigger.domainId)
    return skipped(
      subscriber.id,
      "OTHER_DOMAIN",
      `"${subscriber.name}" moved to another domain; a trigger only starts automations of its own domain.`,
    );
  return null;
}

function refusal(subscriber: TSubscriber, missing: string[], source: TFiringSource): TSubscriberResult {
  const why =
    source === "API"
      ? `send callerCredentials.integrations["${missing[0]}"] with a token or fields to start it`
      : source === "MANUAL"
        ? "the console never takes caller credentials, so Fire now cannot start it; fire it through POST /api/v1/triggers/fire with callerCredentials instead"
        : `${source.toLowerCase()} firings have no caller, so it cannot start from this trigger; fire it through POST /api/v1/triggers/fire with callerCredentials instead`;
  return {
    automationId: subscriber.id,
    outcome: "FAILED",
    errorCode: "CALLER_CREDENTIALS_REQUIRED",
    errorMessage: `"${subscriber.name}" requires caller credentials for ${missing.join(", ")} (binding caller_required); ${why}.`,
    sessionId: null,
  };
}

/** What one runnable subscriber starts: a flow run with the input verbatim, or an agent turn. */
function subscriberStart(
  o: TFireTriggerOptions,
  subscriber: TSubscriber,
  credentials: TCallerCredentials | undefined,
): TSessionStart {
  const { trigger } = o;
  const common = {
    organizationId: trigger.organizationId,
    domainId: trigger.domainId,
    automationId: subscriber.id,
    revision: subscriber.revision!,
    origin: "TRIGGER" as const,
    originTriggerId: trigger.id,
    ownerId: o.actorId,
    callerCredentials: credentials,
    callerCredentialExpiresAt: o.callerCredentialExpiresAt ?? null,
  };
  if (subscriber.kind === "FLOW") return { ...common, ...flowRunStart(o.input), title: trigger.name };
  return { ...common, message: agentMessageFor(trigger.name, o.input), titlePrefix: trigger.name };
}

/** A schedule slot that already fired (another worker's firing committed first): nothing of this one may commit. */
export class FiringSlotTaken extends Error {
  constructor() {
    super("This schedule slot has already fired.");
  }
}

/**
 * The firing and its per-subscriber results, written under `guard` (raw: a model createMany is
 * compiled anew for each row count). A schedule slot fires once: a second firing of the same
 * (trigger, slot) inserts nothing, so nothing of it may commit (FiringSlotTaken).
 */
function firingAlongside(
  o: TFireTriggerOptions,
  firingId: string,
  results: TSubscriberResult[],
  unusedIntegrationIds: string[],
): TAlongside {
  const now = new Date();
  return {
    ctes: (guard) => Prisma.sql`firing AS (
      INSERT INTO trigger_firings (id, "organizationId", "triggerId", source, "scheduledFor", "actorId", "unusedIntegrationIds", "createdAt")
      SELECT ${firingId}::uuid, ${o.trigger.organizationId}::uuid, ${o.trigger.id}::uuid, ${o.source}::"FiringSource", ${o.scheduledFor ?? null}::timestamp(3),
        ${o.actorId}::uuid, ${unusedIntegrationIds}::text[], ${now}::timestamp(3)
      WHERE ${guard}
      ON CONFLICT ("triggerId", "scheduledFor") DO NOTHING
      RETURNING id
    ), results AS (
      INSERT INTO firing_results (id, "firingId", "automationId", outcome, "errorCode", "errorMessage", "sessionId", "createdAt")
      SELECT gen_random_uuid(), firing.id, r.automation, r.outcome::"SubscriberOutcome", r.code, r.message, r.session, ${now}::timestamp(3)
      FROM firing, unnest(${results.map((r) => r.automationId)}::uuid[], ${results.map((r) => r.outcome)}::text[], ${results.map((r) => r.errorCode)}::text[],
        ${results.map((r) => r.errorMessage)}::text[], ${results.map((r) => r.sessionId)}::uuid[]) AS r(automation, outcome, code, message, session)
    )`,
    written: Prisma.sql`SELECT id FROM firing`,
    refusal: () => new FiringSlotTaken(),
  };
}

/** A firing that started nothing (every subscriber refused or skipped): the firing alone. */
async function recordFiringAlone(tx: TTransaction, firing: TAlongside): Promise<void> {
  const written = await tx.$queryRaw<unknown[]>`WITH ${firing.ctes(Prisma.sql`true`)} ${firing.written}`;
  if (written.length === 0) throw firing.refusal();
}

/**
 * The fan-out of one firing, shared by API, schedule, event and manual firings (spec 4.5,
 * section 5 rule 8), inside the caller's transaction so the firing, its sessions, their jobs
 * and (for API fires) the idempotency outcome commit together. Each subscriber gets only the
 * caller material of integrations it binds at caller identity; one that requires material it
 * did not get is FAILED with CALLER_CREDENTIALS_REQUIRED and the others still start; a flow
 * whose declared inputs the input does not match is FAILED with FLOW_INPUT_INVALID (checked in
 * memory against the revision read above; no run starts); one its
 * follower's partner disabled is SKIPPED with AUTOMATION_DISABLED. Run
 * history records ids only, never material.
 */
export async function fireTrigger(tx: TTransaction, o: TFireTriggerOptions): Promise<TFireTriggerResult> {
  const subscribers = await loadSubscribers(tx, o.trigger.id);
  // A subscriber its partner disabled is skipped, not failed.
  const disabled = new Set(subscribers.filter((subscriber) => subscriber.disabled).map((subscriber) => subscriber.id));
  const runnable = subscribers.filter((subscriber) => notRunnable(o.trigger, subscriber, disabled) === null);
  const { perSubscriber, unusedIntegrationIds } = narrowCallerCredentials(o.callerCredentials, runnable);
  const results: TSubscriberResult[] = [];
  const starts: TSessionStart[] = [];
  for (const subscriber of subscribers) {
    const blocked = notRunnable(o.trigger, subscriber, disabled);
    if (blocked) {
      results.push(blocked);
      continue;
    }
    const credentials = perSubscriber.get(subscriber.id);
    const missing = missingRequiredCallerMaterial(credentials, subscriber.belt);
    if (missing.length > 0) {
      results.push(refusal(subscriber, missing, o.source));
      continue;
    }
    const badInput =
      subscriber.kind === "FLOW"
        ? flowInputRefusal(
            { ...subscriber, revision: subscriber.revision!, inputSchema: subscriber.inputSchema },
            o.input,
          )
        : null;
    if (badInput) {
      results.push({ automationId: subscriber.id, outcome: "FAILED", ...badInput, sessionId: null });
      continue;
    }
    // Named before the start: the firing's results, written in the same statement, refer to it.
    const sessionId = crypto.randomUUID();
    results.push({ automationId: subscriber.id, outcome: "STARTED", errorCode: null, errorMessage: null, sessionId });
    starts.push({ ...subscriberStart(o, subscriber, credentials), sessionId });
  }
  // Every started subscriber and the firing with its results in one statement (sessions, turns,
  // messages, runs, caller grants, events, jobs).
  const firingId = crypto.randomUUID();
  const firing = firingAlongside(o, firingId, results, unusedIntegrationIds);
  if (starts.length === 0) await recordFiringAlone(tx, firing);
  else await startSessions(tx, starts, firing);
  const sessions = results
    .filter((result) => result.sessionId !== null)
    .map((result) => ({ automationId: result.automationId, sessionId: result.sessionId! }));
  return { firingId, sessions, results, unusedIntegrationIds };
}
