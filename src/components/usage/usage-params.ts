import { ZAutomationKindFilter, ZRunOutcome, type TGetUsageRequest } from "@/contracts/usage/get-usage";
import type { TUsageFilters } from "./usage-filters";

/** The default range (the last 30 UTC days), chosen by the page on the server. */
export type TUsageRange = { from: string; to: string };

type TParams = URLSearchParams | Record<string, string | string[] | undefined>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function read(params: TParams, key: string): string {
  const value = params instanceof URLSearchParams ? params.get(key) : params[key];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/**
 * The filters a URL carries (`?from=&to=&kind=&automationId=&outcome=`), so a reload, back and
 * forward, and a shared link show the same charts. A value that is not one the page offers is
 * ignored (the default applies) rather than refused: links get edited by hand.
 */
export function filtersFromParams(params: TParams, defaults: TUsageRange): TUsageFilters {
  const day = (key: "from" | "to") => (DAY.test(read(params, key)) ? read(params, key) : defaults[key]);
  const kind = ZAutomationKindFilter.safeParse(read(params, "kind"));
  const outcome = ZRunOutcome.safeParse(read(params, "outcome"));
  const automationId = read(params, "automationId");
  return {
    from: day("from"),
    to: day("to"),
    kind: kind.success ? kind.data : "",
    automationId: UUID.test(automationId) ? automationId : "",
    outcome: outcome.success ? outcome.data : "",
  };
}

/** The search string for the filters: only what differs from the defaults, so a plain link stays plain ("last 30 days"). */
export function searchOfFilters(filters: TUsageFilters, defaults: TUsageRange): string {
  const params = new URLSearchParams();
  if (filters.from !== defaults.from) params.set("from", filters.from);
  if (filters.to !== defaults.to) params.set("to", filters.to);
  if (filters.kind) params.set("kind", filters.kind);
  if (filters.automationId) params.set("automationId", filters.automationId);
  if (filters.outcome) params.set("outcome", filters.outcome);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The request for the chosen filters; empty selects mean "all". Plain (not a client module) so the page's server prefetch can call it. */
export function usageRequest(filters: TUsageFilters): TGetUsageRequest {
  return {
    from: filters.from,
    to: filters.to,
    ...(filters.automationId ? { automationId: filters.automationId } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.outcome ? { outcome: filters.outcome } : {}),
  };
}
