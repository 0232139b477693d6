import { z } from "zod";
import type { TProcedureMeta } from "@/contracts/common/meta";

/**
 * The tenant routes (issue 40): `/api/partner/v1/organizations/{orgId}/...` serve the v1 contracts
 * for a person of a customer the platform provisioned, named by `X-Service-Subject`.
 */
export const TENANT_PREFIX = "/organizations/{orgId}";

/** The subject that names the provisioned owner (docs/decisions.md); vouching refuses it as a partnerSubject. */
export const OWNER_SUBJECT = "owner";

/** `{orgId}` in a tenant path: any text; what names no customer of the platform is the uniform 404. */
export const ZTenantOrgId = z.string().meta({ description: "The customer organization's id (UUID)." });

export const TENANT_SECURITY = ["partnerKey", "leaseToken"];

export const TENANT_400 =
  "`X-Service-Subject` is missing, blank or longer than 200 characters, checked before anything else is read (VALIDATION, naming the header).";
export const TENANT_401 =
  "Missing, invalid or revoked partner key or lease, a lease of a revoked app, or a worker lease (UNAUTHORIZED).";
export const TENANT_403 = "The partner platform is suspended (PARTNER_PLATFORM_SUSPENDED).";
export const TENANT_404 =
  "No customer of your platform with this id, a lease of another customer, or `X-Service-Subject` names nobody vouched in it: all answer the same NOT_FOUND.";

/** A v1 sentence read for the tenant door: the person acting is the subject, not a key owner. */
function forTenant(text: string): string {
  const rest = text
    .replace(/^Missing or invalid personal key(?: \([^)]*\))?(?:, or |; |, )/, "")
    .replace(/key owner/g, "subject")
    .replace(/key's owner/g, "subject");
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

type TTenantMetaOptions = {
  /** The path below `/organizations/{orgId}`; the v1 path by default. */
  path?: `/${string}`;
  /** The route's own description, for a route with no v1 twin. */
  description?: string;
};

/**
 * The partner tenant twin of a route's meta: the same contract (summary, examples, success status,
 * idempotency) at `/organizations/{orgId}<path>`, with the partner credentials and the tenant's
 * refusals. A route that exists only on the partner surface passes its own meta the same way.
 */
export function tenantMeta(meta: TProcedureMeta, options: TTenantMetaOptions = {}): TProcedureMeta {
  const openapi = meta.openapi!;
  const declared = (openapi.errorResponses ?? {}) as Record<number, string>;
  const errors: Record<number, string> = {};
  for (const [status, text] of Object.entries(declared)) errors[Number(status)] = forTenant(text);
  errors[400] = declared[400] ? `${forTenant(declared[400])} ${TENANT_400}` : TENANT_400;
  errors[401] = TENANT_401;
  errors[403] = declared[403] ? `${forTenant(declared[403])} ${TENANT_403}` : TENANT_403;
  errors[404] = declared[404] ? `${TENANT_404} ${forTenant(declared[404])}` : TENANT_404;
  const twin = meta.surface === "v1" ? `Same contract as \`${openapi.method} /api/v1${openapi.path}\`. ` : "";
  return {
    ...meta,
    surface: "partner-v1",
    tenant: true,
    openapi: {
      ...openapi,
      path: `${TENANT_PREFIX}${options.path ?? openapi.path}`,
      description:
        `${twin}Acts as the person \`X-Service-Subject\` names in the customer, with their current roles. ${options.description ?? openapi.description ?? ""}`.trim(),
      errorResponses: errors,
      protect: true,
      ...({ security: TENANT_SECURITY } as object),
    },
  };
}
