import { z } from "zod";
import { routeMeta } from "@/contracts/common/meta";
import { ZUuid } from "@/contracts/common/ids";
import { TENANT_PAGE_400, TENANT_PAGE_SENTENCE, tenantPageQuery, ZNextCursor } from "./tenant-page";
import { ZPartnerPathId, ZWorkerDomainRole } from "./worker-mapping";

const DOMAIN_EXAMPLE = { id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", name: "Front office", role: "operator" };

export const ZTenantDomain = z
  .object({
    id: ZUuid.meta({ description: "The domain's id: what agents, flows, triggers and worker roles name." }),
    name: z.string(),
    role: ZWorkerDomainRole.nullable().meta({
      description: "The subject's role in this domain now; null when they are no member of it.",
    }),
  })
  .meta({ id: "TenantDomain" });

export const listTenantDomainsMeta = routeMeta({
  surface: "partner-v1",
  examples: { response: { items: [DOMAIN_EXAMPLE], nextCursor: null } },
  method: "GET",
  path: "/domains",
  summary: "List the customer's domains",
  description: `Every domain of the customer, by name, with the subject's role in each (null where they have none). Domain roles decide what the subject may do in a domain: a Viewer reads, an Operator runs agents, an Editor authors, an Owner manages. ${TENANT_PAGE_SENTENCE}`,
  tags: ["Domains"],
  security: [],
  errors: { 400: TENANT_PAGE_400 },
});

export const ZListTenantDomainsRequest = z.strictObject({ ...tenantPageQuery });
export const ZListTenantDomainsResponse = z
  .object({ items: z.array(ZTenantDomain), nextCursor: ZNextCursor })
  .meta({ id: "TenantDomainList" });
export type TListTenantDomainsResponse = z.infer<typeof ZListTenantDomainsResponse>;

export const getTenantDomainMeta = routeMeta({
  surface: "partner-v1",
  examples: { response: DOMAIN_EXAMPLE },
  method: "GET",
  path: "/domains/{domainId}",
  summary: "Read one of the customer's domains",
  description: "The domain with the subject's role in it (null when they are no member of it).",
  tags: ["Domains"],
  security: [],
  errors: { 404: "No domain with this id in the customer (NOT_FOUND)." },
});

export const ZGetTenantDomainRequest = z.strictObject({
  domainId: ZPartnerPathId.meta({ description: "The domain's id (UUID)." }),
});
export type TGetTenantDomainRequest = z.infer<typeof ZGetTenantDomainRequest>;
export const ZGetTenantDomainResponse = ZTenantDomain;
export type TTenantDomain = z.infer<typeof ZTenantDomain>;
