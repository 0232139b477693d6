import type { TEventFilter } from "@/contracts/triggers/trigger";
import type { TEventFiringInput } from "./event-input";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** The value at a dotted field path (`actor.email`, `occurredAt`, `payload.order.total`). */
function valueAt(event: TEventFiringInput, field: string): unknown {
  let current: unknown = event;
  for (const segment of field.split(".")) {
    if (current === null || typeof current !== "object" || Array.isArray(current) || !Object.hasOwn(current, segment))
      return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

const instant = (value: unknown): number | null =>
  typeof value === "string" && ISO.test(value) ? Date.parse(value) : null;

/** Timestamps compare as instants (so "…Z" equals "…+00:00"), everything else as JSON scalars. */
function same(actual: unknown, expected: string | number | boolean, field: string): boolean {
  if (field === "occurredAt") return instant(actual) !== null && instant(actual) === instant(expected);
  return actual === expected;
}

/** `>`/`<`: numbers with numbers, ISO-8601 timestamps with timestamps; anything else does not match. */
function compare(actual: unknown, expected: string | number | boolean): number | null {
  if (typeof expected === "number") return typeof actual === "number" ? actual - expected : null;
  const a = instant(actual);
  const b = instant(expected);
  return a !== null && b !== null && !Number.isNaN(a) && !Number.isNaN(b) ? a - b : null;
}

/**
 * Whether an event passes its trigger's filter (docs/decisions.md, Event ingress). A field the
 * event does not carry matches only `not-equals`; `contains` tests a substring of text
 * (case-sensitive) or an element of a list.
 */
export function eventMatchesFilter(filter: TEventFilter | null, event: TEventFiringInput): boolean {
  if (!filter) return true;
  const actual = valueAt(event, filter.field);
  switch (filter.operator) {
    case "equals":
      return actual !== undefined && same(actual, filter.value, filter.field);
    case "not-equals":
      return actual === undefined || !same(actual, filter.value, filter.field);
    case ">":
    case "<": {
      const difference = compare(actual, filter.value);
      return difference !== null && (filter.operator === ">" ? difference > 0 : difference < 0);
    }
    case "contains":
      if (typeof actual === "string") return typeof filter.value === "string" && actual.includes(filter.value);
      return Array.isArray(actual) && actual.some((item) => item === filter.value);
  }
}
