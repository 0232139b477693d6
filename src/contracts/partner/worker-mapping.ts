import { z } from "zod";
import { ZIsoDateTime, ZUuid } from "@/contracts/common/ids";
import { ZPartnerSubject } from "./lease";
import { OWNER_SUBJECT } from "./tenant";

export const DISPLAY_NAME_MAX = 120;
export const DOMAIN_ROLES_MAX = 50;

export const ZWorkerDomainRole = z.enum(["owner", "editor", "operator", "viewer"]);
export type TWorkerDomainRole = z.infer<typeof ZWorkerDomainRole>;

export const ZDomainRoleGrant = z.strictObject({
  domainId: ZUuid.meta({ description: "A domain of that customer." }),
  role: ZWorkerDomainRole.meta({ description: "The worker's role in that domain." }),
});

/** An id in a path: anything that names no resource of this platform is the uniform 404, never 400. */
export const ZPartnerPathId = z.string().meta({ description: "An id (UUID)." });

export const ZWorkerMapping = z
  .object({
    id: ZUuid.meta({ description: "The mapping id (for DELETE)." }),
    partnerSubject: z.string(),
    displayName: z.string(),
    userId: ZUuid.meta({ description: "The person in the customer that the worker acts as." }),
    domainRoles: z.array(z.object({ domainId: ZUuid, role: ZWorkerDomainRole })),
    createdAt: ZIsoDateTime,
  })
  .meta({ id: "WorkerMapping" });
export type TWorkerMapping = z.infer<typeof ZWorkerMapping>;

export const ZVouchWorkerBody = {
  // `owner` names the provisioned owner on tenant routes (X-Service-Subject): never a worker.
  partnerSubject: ZPartnerSubject.refine(
    (subject) => subject !== OWNER_SUBJECT,
    `\`${OWNER_SUBJECT}\` is reserved: it names the provisioned owner on tenant routes`,
  ).meta({
    description: `The platform's own id of the named worker, 1-200 characters, compared exactly; not \`${OWNER_SUBJECT}\` (reserved for the provisioned owner).`,
  }),
  displayName: z
    .string()
    .trim()
    .min(1, "must not be blank")
    .max(DISPLAY_NAME_MAX, `must be at most ${DISPLAY_NAME_MAX} characters`)
    .meta({ description: "The worker's name as the customer's people see it, 1-120 characters (trimmed)." }),
  domainRoles: z
    .array(ZDomainRoleGrant)
    .min(1, "must name at least one domain")
    .max(DOMAIN_ROLES_MAX, `must name at most ${DOMAIN_ROLES_MAX} domains`)
    .refine(
      (grants) => new Set(grants.map((grant) => grant.domainId)).size === grants.length,
      "must not name a domain twice",
    )
    .meta({ description: "Exactly the worker's domain memberships, 1-50, each domain once." }),
  organizationRole: z.enum(["member", "admin"]).optional().meta({
    description:
      "The worker's organization role: `member` (the default) or `admin` (may manage the customer's own OAuth apps through `/oauth-apps`, spec 4.8 rule 1). Every vouch sets it; omitted means member.",
  }),
};

export const WORKERS_404 =
  "No customer of this platform with this orgId (or no such mapping in it): the same answer for each (NOT_FOUND).";
