import { notFound } from "next/navigation";
import { getQueryClient, trpcServer } from "@/app/_lib/server-trpc";
import type { TListDomainsResponse } from "@/contracts/tenancy/list-domains";

export type TConsoleDomain = TListDomainsResponse["domains"][number];

/** The organization's domains with the person's role in each (cached for the request). */
export async function loadDomains(): Promise<TConsoleDomain[]> {
  const { domains } = await getQueryClient().fetchQuery(trpcServer.tenancy.listDomains.queryOptions());
  return domains;
}

/**
 * The domain a domain-scoped page names in its URL, plus all domains for the picker. An id
 * that is not a domain of this organization is a 404, as the API answers it.
 */
export async function requireDomain(domainId: string): Promise<{ domain: TConsoleDomain; domains: TConsoleDomain[] }> {
  const domains = await loadDomains();
  const domain = domains.find((candidate) => candidate.id === domainId);
  if (!domain) notFound();
  return { domain, domains };
}

/** Where /agents and /connections land: the first domain the person belongs to, else the first. */
export async function defaultDomainId(): Promise<string | null> {
  const domains = await loadDomains();
  return (domains.find((domain) => domain.myRole) ?? domains[0])?.id ?? null;
}

export const pickerDomains = (domains: TConsoleDomain[]) =>
  domains.map(({ id, name, myRole }) => ({ id, name, myRole }));
