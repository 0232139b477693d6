import type { TTransaction } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";

export type TSourceAutomation = {
  id: string;
  kind: "AGENT" | "FLOW";
  domainId: string;
  name: string;
  description: string | null;
  revision: number;
  setup: Prisma.JsonValue;
  belt: Prisma.JsonValue;
};

export type TSourceDomain = { id: string; name: string; automationCount: number };

/**
 * What a release of the organization would copy: its domains (oldest first) and its published
 * agents and flows, each with its latest published revision. Drafts never published are left
 * out; so are Test-run snapshots (negative revision numbers), since only `publishedRevision`
 * counts.
 */
export async function readTemplateSource(tx: Pick<TTransaction, "domain" | "automation">, organizationId: string) {
  const [domains, automations] = await Promise.all([
    tx.domain.findMany({
      where: { organizationId },
      select: { id: true, name: true },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    tx.automation.findMany({
      where: { organizationId, publishedRevision: { not: null } },
      select: {
        id: true,
        kind: true,
        domainId: true,
        name: true,
        description: true,
        publishedRevision: true,
        revisions: { select: { revision: true, setup: true, belt: true } },
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
  ]);
  const published: TSourceAutomation[] = automations.flatMap(({ revisions, publishedRevision, ...automation }) => {
    const latest = revisions.find((candidate) => candidate.revision === publishedRevision);
    return latest ? [{ ...automation, revision: latest.revision, setup: latest.setup, belt: latest.belt }] : [];
  });
  const counted: TSourceDomain[] = domains.map((domain) => ({
    ...domain,
    automationCount: published.filter((automation) => automation.domainId === domain.id).length,
  }));
  return { domains: counted, automations: published };
}

/** The default primary domain: the one holding the most published automations (the oldest on a tie). */
export function defaultPrimaryDomain(domains: TSourceDomain[]): TSourceDomain | undefined {
  return domains.reduce<TSourceDomain | undefined>(
    (best, domain) => (!best || domain.automationCount > best.automationCount ? domain : best),
    undefined,
  );
}
