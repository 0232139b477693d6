import {
  getTenantDomainMeta,
  listTenantDomainsMeta,
  ZGetTenantDomainRequest,
  ZGetTenantDomainResponse,
  ZListTenantDomainsRequest,
  ZListTenantDomainsResponse,
} from "@/contracts/partner/tenant-domains";
import { getPersonDomain, listPersonDomains } from "@/server/services/tenancy/person-domains";
import { router } from "@/server/trpc/init";
import { tenantRoute } from "@/server/trpc/tenant-route";

/** GET /organizations/{orgId}/domains and /domains/{domainId}: partner-only, no v1 twin. */
export const tenantDomainsRouter = router({
  list: tenantRoute(listTenantDomainsMeta, ZListTenantDomainsRequest, ZListTenantDomainsResponse, ({ ctx, input }) =>
    listPersonDomains(ctx.actor, input),
  ),
  get: tenantRoute(getTenantDomainMeta, ZGetTenantDomainRequest, ZGetTenantDomainResponse, ({ ctx, input }) =>
    getPersonDomain(ctx.actor, input),
  ),
});
