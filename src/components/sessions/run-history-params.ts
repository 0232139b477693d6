import { RUN_OUTCOMES } from "@/contracts/session-console/session-summary";
import { SESSION_ORIGINS } from "@/contracts/sessions/session-details";
import { NO_FILTERS, type TRunFilters } from "./run-history-filters";

type TParams = URLSearchParams | Record<string, string | string[] | undefined>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SEARCH_MAX = 200;

function read(params: TParams, key: string): string {
  const value = params instanceof URLSearchParams ? params.get(key) : params[key];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

function oneOf<T extends string>(value: string, allowed: readonly T[], fallback: T | ""): T | "" {
  return (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/**
 * The run history filters a URL carries (`?q=&domainId=&automationId=&kind=&outcome=&origin=&show=`),
 * as the Usage page does: reload, back/forward and a shared link show the same list. A value the
 * page does not offer is ignored (the default applies), since links get edited by hand.
 */
export function runFiltersFromParams(params: TParams): TRunFilters {
  const domainId = read(params, "domainId");
  const automationId = read(params, "automationId");
  const status = oneOf(read(params, "show"), ["active", "archived", "all"] as const, NO_FILTERS.status);
  return {
    q: read(params, "q").trim().slice(0, SEARCH_MAX),
    domainId: UUID.test(domainId) ? domainId : "",
    // An automation is picked within a domain: without one the choice would be invisible.
    automationId: UUID.test(domainId) && UUID.test(automationId) ? automationId : "",
    automationKind: oneOf(read(params, "kind"), ["agent", "flow"] as const, ""),
    outcome: oneOf(read(params, "outcome"), RUN_OUTCOMES, ""),
    origin: oneOf(read(params, "origin"), SESSION_ORIGINS, ""),
    status: status || NO_FILTERS.status,
  };
}

/** The search string of the filters: only what differs from the defaults, so a plain link stays plain. */
export function searchOfRunFilters(filters: TRunFilters): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set("q", filters.q.trim());
  if (filters.domainId) params.set("domainId", filters.domainId);
  if (filters.automationId) params.set("automationId", filters.automationId);
  if (filters.automationKind) params.set("kind", filters.automationKind);
  if (filters.outcome) params.set("outcome", filters.outcome);
  if (filters.origin) params.set("origin", filters.origin);
  if (filters.status !== NO_FILTERS.status) params.set("show", filters.status);
  const search = params.toString();
  return search ? `?${search}` : "";
}
