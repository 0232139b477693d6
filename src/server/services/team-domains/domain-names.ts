import type { TTransaction } from "@/server/db/client";
import { AppError } from "@/server/errors";

/** Names compare without case (and in one Unicode form): "Sales" and "sales" are one name. */
const nameKey = (name: string) => name.normalize("NFKC").toLocaleLowerCase("en");

/**
 * Refuses a name another domain of the organization already has, archived ones included (their
 * records stay, and restoring one must not make two domains of one name). Call it holding the
 * organization's lock (lockOrganization).
 */
export async function assertNameFree(
  tx: TTransaction,
  orgId: string,
  name: string,
  exceptDomainId?: string,
): Promise<void> {
  const domains = await tx.domain.findMany({
    where: { organizationId: orgId, ...(exceptDomainId ? { id: { not: exceptDomainId } } : {}) },
    select: { name: true, archivedAt: true },
  });
  const taken = domains.find((domain) => nameKey(domain.name) === nameKey(name));
  if (!taken) return;
  const message = taken.archivedAt
    ? `An archived domain is already named "${taken.name}". Restore it, or choose another name.`
    : `A domain named "${taken.name}" already exists in this organization. Choose another name.`;
  throw new AppError("CONFLICT", message, { details: { field: "name" } });
}

const SLUG_MAX = 48;

/** The slug a name starts from: lower-case ASCII letters and digits joined by dashes ("domain" when none are left). */
export function slugBase(name: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, SLUG_MAX)
      .replace(/-+$/, "") || "domain"
  );
}

/**
 * A slug no domain of the organization has (archived ones included): the name's base, else the
 * base with -2, -3... Fixed at creation: renaming keeps it, because the partner onboarding finds
 * its domains by slug. Call it holding the organization's lock.
 */
export async function freeSlug(tx: TTransaction, orgId: string, name: string): Promise<string> {
  const base = slugBase(name);
  const rows = await tx.domain.findMany({
    where: { organizationId: orgId, slug: { startsWith: base } },
    select: { slug: true },
  });
  const used = new Set(rows.map((row) => row.slug));
  let slug = base;
  for (let index = 2; used.has(slug); index++) slug = `${base}-${index}`;
  return slug;
}
