import { createHash } from "node:crypto";

export const MAX_INTEGRATION_ID_LENGTH = 64;
/** Tool wire ids stay within what a procedure reference and approvalTools entries accept. */
export const MAX_TOOL_NAME_LENGTH = 100;
const MAX_ORG_PART = 40;

/** Lower-case letters, digits and single hyphens. */
export function slugify(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * The organization part of custom integration ids: the organization's slug, unless it is too
 * long or reserved; then a shortened slug plus a hash of the organization id keeps it unique.
 * "service" is reserved: built-in integration ids start with "service.".
 */
export function organizationPart(orgSlug: string, orgId: string): string {
  const slug = slugify(orgSlug) || "org";
  if (slug.length <= MAX_ORG_PART && slug !== "service") return slug;
  const hash = createHash("sha256").update(orgId).digest("hex").slice(0, 8);
  return `${slug.slice(0, MAX_ORG_PART - 9).replace(/-+$/, "")}-${hash}`;
}

/** "<organization part>.<slugified name>", at most 64 characters. */
export function customIntegrationId(orgSlug: string, orgId: string, name: string): string {
  const orgPart = organizationPart(orgSlug, orgId);
  const room = MAX_INTEGRATION_ID_LENGTH - orgPart.length - 1;
  const namePart = slugify(name).slice(0, room).replace(/-+$/, "") || "api";
  return `${orgPart}.${namePart}`;
}

/** An operationId as a wire id segment: letters, digits, "_" and "-". */
export function operationSegment(operationId: unknown, method: string, path: string): string {
  const fromId =
    typeof operationId === "string" ? operationId.replace(/[^A-Za-z0-9_-]+/g, "_").replace(/^_+|_+$/g, "") : "";
  if (fromId) return fromId;
  const fromPath = path
    .replace(/[{}]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return `${method.toLowerCase()}${fromPath ? `_${fromPath}` : ""}`;
}

/** snake_case for credential field names ("ApiKeyAuth" -> "api_key_auth"). */
export function snakeCase(value: string): string {
  return value
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase()
    .slice(0, 64);
}

/** Appends _2, _3, ... until the value is not in `taken` (and stays within `maxLength`). */
export function uniqueName(base: string, taken: Set<string>, maxLength: number): string {
  let candidate = base.slice(0, maxLength);
  for (let n = 2; taken.has(candidate); n++) candidate = `${base.slice(0, maxLength - String(n).length - 1)}_${n}`;
  taken.add(candidate);
  return candidate;
}
