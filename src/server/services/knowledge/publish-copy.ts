import type { TTransaction } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";

/**
 * Full-text configuration of the index and of every query. 'english' (stemming, stop words)
 * exists in PostgreSQL and in PGlite alike; a query must use the same one as the index.
 */
export const TEXT_SEARCH_CONFIG = "english";

/** The configuration as an SQL literal, for queries built with Prisma.sql. */
export const TS_CONFIG = Prisma.raw(`'${TEXT_SEARCH_CONFIG}'::regconfig`);

/**
 * A tsvector holds at most 1 MiB, and a 2,000,000-character body of many distinct words
 * exceeds it (PostgreSQL error 54000). Then only a prefix of the body is indexed: the
 * largest of these that fits. The title (weight A) is always indexed in full.
 */
const FALLBACK_BODY_PREFIXES = [400_000, 100_000, 0];

function isTooLongForTsvector(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length) {
    const current = pending.pop();
    if (!current || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    const record = current as Record<string, unknown>;
    if (record.code === "54000" || record.originalCode === "54000") return true;
    pending.push(record.cause, record.meta, record.driverAdapterError);
  }
  return false;
}

async function writeSearchVector(tx: TTransaction, articleId: string, bodyPrefix: number | null): Promise<void> {
  const body =
    bodyPrefix === null
      ? Prisma.sql`coalesce("publishedBody", '')`
      : Prisma.sql`left(coalesce("publishedBody", ''), ${bodyPrefix}::int)`;
  await tx.$executeRaw`
    UPDATE knowledge_articles
    SET "searchVector" = setweight(to_tsvector(${TS_CONFIG}, coalesce("publishedTitle", '')), 'A')
                      || setweight(to_tsvector(${TS_CONFIG}, ${body}), 'B')
    WHERE id = ${articleId}::uuid`;
}

/**
 * Copies an article's current draft to its published copy and indexes that copy, inside the
 * caller's transaction, so search never sees a copy without its vector (or the reverse).
 * The copy is made in SQL from the row as it is now, so a concurrent draft edit is either
 * wholly in or wholly out. updatedAt = publishedAt marks "no unpublished changes".
 */
export async function publishCopy(tx: TTransaction, articleId: string, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await tx.$executeRaw`
    UPDATE knowledge_articles
    SET "publishedTitle" = title, "publishedBody" = coalesce("draftBody", ''),
        "publishedAt" = ${at}::timestamp(3), "updatedAt" = ${at}::timestamp(3)
    WHERE id = ${articleId}::uuid`;
  // A failed statement aborts a PostgreSQL transaction; the savepoint lets a shorter prefix retry.
  for (const bodyPrefix of [null, ...FALLBACK_BODY_PREFIXES]) {
    await tx.$executeRawUnsafe("SAVEPOINT knowledge_search_vector");
    try {
      await writeSearchVector(tx, articleId, bodyPrefix);
      await tx.$executeRawUnsafe("RELEASE SAVEPOINT knowledge_search_vector");
      return;
    } catch (error) {
      await tx.$executeRawUnsafe("ROLLBACK TO SAVEPOINT knowledge_search_vector");
      if (!isTooLongForTsvector(error) || bodyPrefix === 0) throw error;
    }
  }
}
