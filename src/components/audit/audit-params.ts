import { AUDIT_AREA_NAMES, AUDIT_KINDS, type TAuditArea, type TAuditKind } from "@/contracts/audit/audit-kind";
import { SERVICE_ACTOR, type TListAuditEntriesRequest } from "@/contracts/audit/list-audit-entries";

/** The log's filters as the URL carries them: `?actor=<user id|service>&kind=<kind>` or `&area=<area>`. */
export type TAuditFilters = { actor: string; kind: TAuditKind | ""; area: TAuditArea | "" };

type TParams = URLSearchParams | Record<string, string | string[] | undefined>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function read(params: TParams, key: string): string {
  const value = params instanceof URLSearchParams ? params.get(key) : params[key];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** A value the page does not offer is ignored (no filter) rather than refused: links get edited by hand. */
export function filtersFromParams(params: TParams): TAuditFilters {
  const actor = read(params, "actor");
  const kind = read(params, "kind") as TAuditKind;
  const area = read(params, "area") as TAuditArea;
  return {
    actor: actor === SERVICE_ACTOR || UUID.test(actor) ? actor : "",
    kind: AUDIT_KINDS.includes(kind) ? kind : "",
    area: !AUDIT_KINDS.includes(kind) && AUDIT_AREA_NAMES.includes(area) ? area : "",
  };
}

export function searchOfFilters(filters: TAuditFilters): string {
  const params = new URLSearchParams();
  if (filters.actor) params.set("actor", filters.actor);
  if (filters.kind) params.set("kind", filters.kind);
  if (filters.area) params.set("area", filters.area);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The list request of the filters (page and server build it the same way, so the prefetch is reused). */
export function auditRequest(filters: TAuditFilters): Omit<TListAuditEntriesRequest, "cursor"> {
  return {
    ...(filters.actor ? { actor: filters.actor } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.area ? { area: filters.area } : {}),
    limit: 50,
  };
}
