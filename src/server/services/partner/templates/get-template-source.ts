import { db } from "@/server/db/client";
import { defaultPrimaryDomain, readTemplateSource } from "./template-source";
import { templateNotFound } from "./to-template";

/** What the next release of the template would copy, for the publish form (primary domain, defaults). */
export async function getTemplateSource(templateId: string) {
  const template = await db().partnerTemplate.findUnique({
    where: { id: templateId },
    select: { sourceOrganizationId: true },
  });
  if (!template) throw templateNotFound();
  const { domains, automations } = await readTemplateSource(db(), template.sourceOrganizationId);
  return {
    domains,
    automations: automations.map(({ id, kind, name, domainId, revision }) => ({ id, kind, name, domainId, revision })),
    defaultPrimaryDomainId: defaultPrimaryDomain(domains)?.id ?? null,
  };
}
