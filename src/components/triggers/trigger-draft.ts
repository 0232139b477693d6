import type { TTriggerType } from "@/contracts/triggers/trigger";
import type { TEventDraft } from "./event-fields";
import type { TScheduleDraft } from "./schedule-fields";

export const LABELS = {
  name: "Name",
  cron: "Cron",
  timezone: "Time zone",
  input: "Input",
  connectionId: "Connection",
  endpointSecret: "Endpoint secret",
  eventFilter: "Filter",
  eventType: "Event",
  sourceIntegrationId: "Source",
};

/** The field a service refusal names in `details.field`, as the form's error keys spell it. */
export function formFieldOf(field: unknown): string | null {
  if (typeof field !== "string") return null;
  const key = field.startsWith("eventFilter") ? "eventFilter" : field;
  return Object.hasOwn(LABELS, key) ? key : null;
}

/** A JSON object typed in a box; empty text is no value. */
export function parseJsonObject(
  text: string,
): { ok: true; value: Record<string, unknown> | undefined } | { ok: false; message: string } {
  if (!text.trim()) return { ok: true, value: undefined };
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object" && !Array.isArray(value))
      return { ok: true, value: value as Record<string, unknown> };
  } catch {
    // Said below, in the same words as a value that is not an object.
  }
  return { ok: false, message: 'must be a JSON object, e.g. {"report": "daily"}.' };
}

/** `>` and `<` compare numbers (or timestamps); a numeric text is sent as a number then. */
function filterValue(draft: TEventDraft): string | number {
  const numeric = draft.value.trim() !== "" && !Number.isNaN(Number(draft.value));
  return (draft.operator === ">" || draft.operator === "<") && numeric ? Number(draft.value) : draft.value;
}

/**
 * The create request as typed, plus the errors found before the contract runs (the input box's
 * JSON): the body is built anyway so the contract reports every other field at the same time.
 */
export function buildBody(
  type: TTriggerType,
  domainId: string,
  name: string,
  schedule: TScheduleDraft,
  event: TEventDraft,
): { body: unknown; errors: Record<string, string> } {
  if (type === "api") return { body: { type, domainId, name }, errors: {} };
  if (type === "schedule") {
    const input = parseJsonObject(schedule.input);
    const errors: Record<string, string> = input.ok ? {} : { input: `Input ${input.message}` };
    const value = input.ok ? input.value : undefined;
    return {
      body: {
        type,
        domainId,
        name,
        cron: schedule.cron,
        timezone: schedule.timezone || undefined,
        ...(value === undefined ? {} : { input: value }),
      },
      errors,
    };
  }
  return {
    body: {
      type,
      domainId,
      name,
      sourceIntegrationId: event.sourceIntegrationId,
      eventType: event.eventType,
      connectionId: event.connectionId,
      ...(event.endpointSecret ? { endpointSecret: event.endpointSecret } : {}),
      ...(event.field.trim()
        ? { eventFilter: { field: event.field.trim(), operator: event.operator, value: filterValue(event) } }
        : {}),
    },
    errors: {},
  };
}
