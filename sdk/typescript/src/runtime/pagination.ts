import type { ApiResult, CallOptions } from "./transport.js";

type Page<T> = { items: T[]; next_cursor: string | null };

/**
 * Follows a cursor-paged list: calls `fetchPage` with the cursor in `cursorParam` (`since` for
 * events, `before` for messages), yields each page, and stops when `next_cursor` is null.
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
    if (data.next_cursor === null || data.next_cursor === cursor) return;
    cursor = data.next_cursor;
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
