import type { TEventFilter } from "@/contracts/triggers/trigger";
import { AppError } from "@/server/errors";
import type { TIntegrationEvent } from "@/server/integrations/types";

const SEGMENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const refuse = (message: string, field = "eventFilter.field") =>
  new AppError("VALIDATION", message, { details: { field } });

/** Whether a dotted path is declared, literally or under a declared `prefix.*`. */
export function payloadPathDeclared(event: TIntegrationEvent, path: string): boolean {
  const segments = path.split(".");
  if (!segments.every((segment) => SEGMENT.test(segment))) return false;
  return event.payloadPaths.some((declared) =>
    declared.endsWith(".*")
      ? path.startsWith(declared.slice(0, -1)) && path.length > declared.length - 1
      : declared === path,
  );
}

function describeFields(event: TIntegrationEvent): string {
  const actor = event.actorFields.map((field) => `actor.${field}`);
  return [...actor, "occurredAt", ...event.payloadPaths].join(", ");
}

/** What kind of value the field holds, so the operator and value can be checked against it. */
function fieldKind(event: TIntegrationEvent, field: string): "actor" | "occurredAt" | "payload" {
  if (field === "occurredAt") return "occurredAt";
  if (field.startsWith("actor.")) {
    if (!event.actorFields.includes(field.slice("actor.".length))) {
      throw refuse(
        `eventFilter.field: "${field}" is not actor data of ${event.type}; it declares ${event.actorFields.map((name) => `actor.${name}`).join(", ") || "no actor fields"}.`,
      );
    }
    return "actor";
  }
  if (payloadPathDeclared(event, field)) return "payload";
  throw refuse(
    `eventFilter.field: "${field}" is not a field of ${event.type}. Filter on one of: ${describeFields(event)}.`,
  );
}

/** The filter must name a field the event has and an operator that fits its value. */
export function validateEventFilter(event: TIntegrationEvent, filter: TEventFilter): void {
  const kind = fieldKind(event, filter.field);
  const { operator, value } = filter;
  if (operator === "contains" && typeof value !== "string") {
    throw refuse(`eventFilter.value: "contains" needs a text value, not ${typeof value}.`, "eventFilter.value");
  }
  if (operator === ">" || operator === "<") {
    const comparable =
      typeof value === "number" || (typeof value === "string" && ISO.test(value) && !Number.isNaN(Date.parse(value)));
    if (!comparable)
      throw refuse(
        `eventFilter.value: "${operator}" compares numbers or ISO-8601 timestamps; give one of those.`,
        "eventFilter.value",
      );
  }
  if (kind === "occurredAt" && (typeof value !== "string" || !ISO.test(value) || Number.isNaN(Date.parse(value)))) {
    throw refuse(
      `eventFilter.value: occurredAt is compared with an ISO-8601 timestamp such as "2026-01-31T09:00:00Z".`,
      "eventFilter.value",
    );
  }
}
