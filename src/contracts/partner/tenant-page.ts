import { z } from "zod";
import { zQueryInteger } from "@/contracts/common/query";

// The paging of the partner tenant lists (issue 40), one convention as the flow runs route's:
// `limit` items (1-100, default 50) in the list's own order, `cursor` the previous page's
// `nextCursor` (opaque: a position in the list, not an offset), `nextCursor` null on the last page.

export const TENANT_PAGE_MAX = 100;

/** The two query parameters of a paged tenant list, spread into its request object. */
export const tenantPageQuery = {
  limit: zQueryInteger({ min: 1, max: TENANT_PAGE_MAX, default: 50, description: "Page size, 1-100; default 50." }),
  cursor: z
    .string()
    .min(1)
    .max(1000)
    .optional()
    .meta({ description: "`nextCursor` of the previous page (opaque); omit it for the first page." }),
};

export const ZNextCursor = z
  .string()
  .nullable()
  .meta({ description: "Pass as `cursor` for the next page; null on the last page." });

/** A list's response with `nextCursor` added. */
export function tenantPaged<T extends z.ZodObject>(response: T) {
  return response.extend({ nextCursor: ZNextCursor });
}

/** Sentences the paged lists' descriptions and 400s share. */
export const TENANT_PAGE_SENTENCE =
  "Pages by cursor: `limit` items (default 50, at most 100), then pass `nextCursor` as `cursor` for the next page; `nextCursor` is null on the last page. The cursor holds a position in the list's order (the id breaks ties), so items added between pages are neither repeated nor skipped.";
export const TENANT_PAGE_400 =
  "`cursor` is not a `nextCursor` of this list, or `limit` is outside 1-100 (VALIDATION, naming the parameter).";
