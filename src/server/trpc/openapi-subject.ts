import type { TProcedureMeta } from "@/contracts/common/meta";

/**
 * `X-Service-Subject` (spec 4.7-4.8): the worker a partner call is made for. A worker route takes
 * it optionally (when sent it must name the path's worker); the OAuth app routes need it (an
 * organization admin worker).
 */
export function subjectParameter(path: string, meta: TProcedureMeta) {
  if (meta.tenant) return TENANT_SUBJECT;
  const needed = path.includes("/oauth-apps");
  if (!needed && !path.includes("/workers/{w}")) return null;
  return {
    name: "X-Service-Subject",
    in: "header",
    // Not `required` even where it is needed: an SDK client may send it on every call (its
    // `subject` option), which a required per-call parameter would make every caller repeat.
    required: false,
    description: needed
      ? "Needed here: the vouched worker the call is made for: an Owner or Admin of this customer (403 FORBIDDEN otherwise)."
      : "The worker the call is made for; when sent it must be the path's worker (404 NOT_FOUND otherwise).",
    schema: { type: "string", minLength: 1, maxLength: 200 },
  };
}

/** The person a tenant route acts as (contracts/partner/tenant.ts); not `required` for the same reason as above. */
export const TENANT_SUBJECT = {
  name: "X-Service-Subject",
  in: "header",
  required: false,
  description:
    "Needed on every tenant route: the person the call acts as, `owner` (the provisioned owner) or the `partnerSubject` of a worker vouched in this customer. Missing or blank: 400 VALIDATION; unknown or revoked: the same 404 as an unknown customer.",
  schema: { type: "string", minLength: 1, maxLength: 200 },
  example: "owner",
};

/** A tenant route's customer comes first, as in its path (the tenant input adds `orgId` last). */
export function orgIdFirst(parameters: unknown[]): unknown[] {
  const isOrgId = (parameter: unknown) => Number((parameter as { name?: string }).name === "orgId");
  return [...parameters].sort((a, b) => isOrgId(b) - isOrgId(a));
}
