import { z } from "zod";

/**
 * What an agent's knowledge selection lets it search (set by PUT .../knowledge-selection):
 * nothing, the organization's base, its domain's base plus the organization's, or modules.
 */
export const ZKnowledgeSelectionMode = z.enum(["none", "org", "domain", "modules"]);

export const ZKnowledgeSelection = z.object({
  mode: ZKnowledgeSelectionMode,
  moduleIds: z.array(z.string()),
});

export const SEARCH_LIMIT_DEFAULT = 5;
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_QUERY_MAX = 1_000;

/** One hit of the published knowledge an agent may read. */
export const ZKnowledgeSearchResult = z.object({
  articleId: z.uuid(),
  title: z.string(),
  /** Up to two fragments of the published body around the matches; matched words wrapped in `**`. */
  snippet: z.string(),
  /** ts_rank_cd normalized to 0..1 (rank / (rank + 1)); higher is better. Title matches weigh more than body matches. */
  rank: z.number(),
});

export type TKnowledgeSelectionMode = z.infer<typeof ZKnowledgeSelectionMode>;
export type TKnowledgeSelection = z.infer<typeof ZKnowledgeSelection>;
export type TKnowledgeSearchResult = z.infer<typeof ZKnowledgeSearchResult>;
