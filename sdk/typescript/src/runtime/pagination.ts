import type { ApiResult, CallOptions } from "./transport.js";

/** A cursor-paged answer: the partner surface names the cursor `next_cursor`, the customer API `nextCursor`. */
type Page<T> = { items: T[] } & ({ next_cursor: string | null } | { nextCursor: string | null });

const cursorOf = (page: Page<unknown>): string | null => ("nextCursor" in page ? page.nextCursor : page.next_cursor);

/**
 * Follows a cursor-paged list: calls `fetchPage` with the cursor in `cursorParam` (`since` for
 * events, `before` for messages and the customer event log), yields each page, and stops when the
 * page's cursor is null.
 */
export async function* pages<I extends Record<string, unknown>, T>(
  fetchPage: (input: I, options?: CallOptions) => Promise<ApiResult<Page<T>>>,
  input: I,
  cursorParam: string,
  options?: CallOptions,
): AsyncGenerator<Page<T>, void, undefined> {
  let cursor = input[cursorParam] as string | undefined;
  for (;;) {
    const { data } = await fetchPage({ ...input, [cursorParam]: cursor }, options);
    yield data;
    const next = cursorOf(data);
    if (next === null || next === cursor) return;
    cursor = next;
  }
}

/**
 * The items of every page, one by one. `newestFirst` for pages that go back in time (messages:
 * each page oldest first, pages newest first), so the items come in one order, newest first.
 */
export async function* items<T>(
  source: AsyncIterable<Page<T>>,
  order: "as-paged" | "newestFirst" = "as-paged",
): AsyncGenerator<T, void, undefined> {
  for await (const page of source) yield* order === "newestFirst" ? [...page.items].reverse() : page.items;
}
