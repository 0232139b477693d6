import type { TFireNowRequest, TFireNowResponse } from "@/contracts/triggers/fire-now";
import type { TUserActor } from "@/server/auth/actor";
import { domainRole, roleAllows } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { AppError, notFound } from "@/server/errors";
import { eventFiringInput } from "./event-input";
import { fireTrigger } from "./fire-trigger";

type TManualTrigger = {
  id: string;
  organizationId: string;
  domainId: string;
  name: string;
  type: "SCHEDULE" | "API" | "EVENT";
  input: unknown;
  eventType: string | null;
};

/**
 * The trigger the person may fire by hand: other organizations' triggers and domains the person
 * is no member of are the uniform 404, a role without `execute` (Viewer) 403, inactive 409.
 */
async function manuallyFireableTrigger(actor: TUserActor, triggerId: string): Promise<TManualTrigger> {
  const trigger = await db().trigger.findUnique({
    where: { id: triggerId },
    select: {
      id: true,
      organizationId: true,
      domainId: true,
      name: true,
      type: true,
      active: true,
      input: true,
      eventType: true,
    },
  });
  if (!trigger || trigger.organizationId !== actor.orgId) throw notFound("trigger");
  const { role } = await domainRole(actor, trigger.domainId);
  if (role === null) throw notFound("trigger");
  if (!roleAllows(role, "execute"))
    throw new AppError("FORBIDDEN", "Your role in this trigger's domain does not allow running automations.", {
      details: { permission: "execute" },
    });
  if (!trigger.active)
    throw new AppError("CONFLICT", `"${trigger.name}" is inactive; activate it before firing it.`, {
      details: { triggerId: trigger.id },
    });
  return trigger;
}

const wrongField = (field: string, type: string) =>
  new AppError("VALIDATION", `A ${type} trigger does not take \`${field}\` when fired by hand.`, {
    details: { field },
  });

/** What the subscribers receive: exactly what a firing of this trigger's own source would deliver. */
function manualInput(trigger: TManualTrigger, request: TFireNowRequest, now: Date): Record<string, unknown> {
  if (trigger.type === "SCHEDULE") {
    if (request.input !== undefined) throw wrongField("input", "schedule");
    if (request.event !== undefined) throw wrongField("event", "schedule");
    const stored = trigger.input;
    return stored && typeof stored === "object" && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  }
  if (trigger.type === "API") {
    if (request.event !== undefined) throw wrongField("event", "API");
    return request.input ?? {};
  }
  if (request.input !== undefined) throw wrongField("input", "event");
  if (!request.event)
    throw new AppError(
      "VALIDATION",
      "An event trigger fires by hand with a sample `event`: { actor?, occurredAt?, payload }.",
      { details: { field: "event" } },
    );
  return eventFiringInput(trigger.eventType ?? "", request.event, now);
}

/**
 * "Fire now" from the console: one MANUAL firing recorded in run history with the person as
 * its actor, fanned out in one transaction like any firing. No caller material exists, so a
 * subscriber that binds an integration at caller_required is FAILED with
 * CALLER_CREDENTIALS_REQUIRED while the others start. An event trigger's filter is not applied:
 * the person chose to fire it.
 */
export async function fireTriggerNow(
  actor: TUserActor,
  request: TFireNowRequest,
  now = new Date(),
): Promise<TFireNowResponse> {
  const trigger = await manuallyFireableTrigger(actor, request.triggerId);
  const input = manualInput(trigger, request, now);
  const fired = await db().$transaction((tx) =>
    fireTrigger(tx, {
      trigger: {
        id: trigger.id,
        organizationId: trigger.organizationId,
        domainId: trigger.domainId,
        name: trigger.name,
      },
      source: "MANUAL",
      actorId: actor.userId,
      input,
    }),
  );
  const ids = fired.results.map((result) => result.automationId);
  const automations = await db().automation.findMany({
    where: { id: { in: ids } },
    select: { id: true, name: true, kind: true },
  });
  const byId = new Map(automations.map((automation) => [automation.id, automation]));
  return {
    firingId: fired.firingId,
    results: fired.results.map((result) => {
      const automation = byId.get(result.automationId);
      return {
        automationId: result.automationId,
        name: automation?.name ?? null,
        kind: automation ? (automation.kind === "FLOW" ? "flow" : "agent") : null,
        outcome: result.outcome.toLowerCase() as "started" | "skipped" | "failed",
        errorCode: result.errorCode,
        errorMessage: result.errorMessage,
        sessionId: result.sessionId,
      };
    }),
  };
}
