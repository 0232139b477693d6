import { db, type PrismaClient, type TTransaction } from "@/server/db/client";

/**
 * Creates the organization's base and each domain's base where missing. Bases are keyed by
 * scope (organization id or domain id, unique), and the insert skips existing keys, so callers
 * may run this concurrently and as often as they like: it is how bases come into being for
 * organizations and domains created anywhere else. Pass a transaction to run inside it.
 */
export async function ensureKnowledgeBases(orgId: string, client: PrismaClient | TTransaction = db()): Promise<void> {
  const organization = await client.organization.findUnique({
    where: { id: orgId },
    select: {
      name: true,
      domains: { select: { id: true, name: true } },
      knowledgeBases: { select: { scopeKey: true } },
    },
  });
  if (!organization) return;
  const existing = new Set(organization.knowledgeBases.map((base) => base.scopeKey));
  const wanted = [
    { organizationId: orgId, domainId: null, scopeKey: orgId, name: `${organization.name} knowledge` },
    ...organization.domains.map((domain) => ({
      organizationId: orgId,
      domainId: domain.id,
      scopeKey: domain.id,
      name: `${domain.name} knowledge`,
    })),
  ];
  const missing = wanted.filter((base) => !existing.has(base.scopeKey));
  if (missing.length) await client.knowledgeBase.createMany({ data: missing, skipDuplicates: true });
}
