import {
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SEARCH_QUERY_MAX,
  type TKnowledgeSearchResult,
  type TKnowledgeSelection,
} from "@/contracts/knowledge/search-knowledge";
import { db } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import { isUuid } from "@/contracts/common/ids";
import { TS_CONFIG } from "./publish-copy";

export type TSearchKnowledgeOptions = {
  orgId: string;
  /** The searching agent's domain; only `domain` mode uses it. */
  domainId: string | null;
  selection: TKnowledgeSelection;
  query: string;
  limit?: number;
};

// `**` marks matched words: readable for a model and renderable as Markdown in the console.
const HEADLINE_OPTIONS = 'MaxFragments=2, MinWords=8, MaxWords=30, FragmentDelimiter=" … ", StartSel=**, StopSel=**';

// ts_rank_cd computes in single precision; more digits than this are noise.
const roundRank = (rank: number) => Math.round(rank * 1e6) / 1e6;

/** Which articles a selection covers, as an SQL condition on `a` (articles) and `b` (bases). */
function scopeCondition({ orgId, domainId, selection }: TSearchKnowledgeOptions): Prisma.Sql | null {
  switch (selection.mode) {
    case "none":
      return null;
    case "org":
      return Prisma.sql`b."domainId" IS NULL`;
    case "domain":
      return domainId && isUuid(domainId)
        ? Prisma.sql`(b."domainId" IS NULL OR b."domainId" = ${domainId}::uuid)`
        : Prisma.sql`b."domainId" IS NULL`;
    case "modules": {
      const moduleIds = [...new Set(selection.moduleIds.filter(isUuid))];
      if (!moduleIds.length) return null;
      return Prisma.sql`a.id IN (
        SELECT ma."articleId" FROM knowledge_module_articles ma
        JOIN knowledge_modules m ON m.id = ma."moduleId"
        WHERE m."organizationId" = ${orgId}::uuid AND m.id IN (${Prisma.join(moduleIds.map((id) => Prisma.sql`${id}::uuid`))}))`;
    }
  }
}

/**
 * Full-text search over the PUBLISHED copies an agent's knowledge selection covers, in one
 * organization. Ranked with ts_rank_cd (title weight A beats body weight B), normalized to
 * 0..1; snippets come from ts_headline over the published body. The query uses web-search
 * syntax ("quoted phrases", OR, -exclusion); a query with no searchable words finds nothing.
 */
export async function searchKnowledge(options: TSearchKnowledgeOptions): Promise<TKnowledgeSearchResult[]> {
  const query = options.query.trim().slice(0, SEARCH_QUERY_MAX);
  const scope = scopeCondition(options);
  if (!query || !scope || !isUuid(options.orgId)) return [];
  const requested =
    options.limit !== undefined && Number.isFinite(options.limit) ? Math.trunc(options.limit) : SEARCH_LIMIT_DEFAULT;
  const limit = Math.min(Math.max(requested, 1), SEARCH_LIMIT_MAX);
  // Headlines parse whole bodies, so they are built for the page of hits only.
  const rows = await db().$queryRaw<Array<{ articleId: string; title: string; snippet: string; rank: number }>>`
    WITH q AS (SELECT websearch_to_tsquery(${TS_CONFIG}, ${query}) AS query),
    hits AS (
      SELECT a.id, a."publishedTitle", a."publishedBody", a."publishedAt",
             ts_rank_cd(a."searchVector", q.query, 32) AS rank
      FROM knowledge_articles a
      JOIN knowledge_bases b ON b.id = a."baseId"
      CROSS JOIN q
      WHERE a."organizationId" = ${options.orgId}::uuid
        AND b."organizationId" = ${options.orgId}::uuid
        AND a."publishedAt" IS NOT NULL
        AND a."searchVector" @@ q.query
        AND ${scope}
      ORDER BY rank DESC, a."publishedAt" DESC, a.id
      LIMIT ${limit}::int
    )
    SELECT hits.id::text AS "articleId",
           hits."publishedTitle" AS title,
           ts_headline(${TS_CONFIG}, coalesce(hits."publishedBody", ''), q.query, ${HEADLINE_OPTIONS}) AS snippet,
           hits.rank::float8 AS rank
    FROM hits CROSS JOIN q
    ORDER BY hits.rank DESC, hits."publishedAt" DESC, hits.id`;
  return rows.map((row) => ({
    articleId: row.articleId,
    title: row.title,
    snippet: row.snippet,
    rank: roundRank(Number(row.rank)),
  }));
}
