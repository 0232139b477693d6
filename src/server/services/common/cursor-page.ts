import { isUuid } from "@/contracts/common/ids";
import { type AppError, validationError } from "@/server/errors";

/**
 * Cursor paging for the lists of the partner tenant door (issue 40), one convention for all: a
 * page of `limit` items in the list's own order (the row id breaks ties), and `nextCursor`, the
 * position after the page's last item (base64url of the list's name and that item's sort key),
 * or null on the last page. A cursor names a position, not an offset: items inserted between
 * pages are neither repeated nor skipped. Without `limit` a service answers its whole list (the
 * console's calls).
 */
export type TPageRequest = { limit?: number; cursor?: string };
export type TPage<T> = { items: T[]; nextCursor: string | null };

/** What one part of a sort key is: text, an instant (ISO string in the cursor), or a row id. */
type TKeyPart = "text" | "date" | "uuid";
type TKeyValue<P extends TKeyPart> = P extends "date" ? Date : string;
export type TKey<S extends readonly TKeyPart[]> = { [K in keyof S]: TKeyValue<S[K]> };

/** One list's sort key: the list's name (a foreign cursor names another) and its parts' kinds. */
export type TCursorList<S extends readonly TKeyPart[]> = { list: string; shape: S };

/** 400 VALIDATION naming `cursor`: it is malformed or another list's. */
export function badCursor(): AppError {
  return validationError([
    { path: ["cursor"], message: "is not a `nextCursor` of this list (pass one you received, or omit it)" },
  ]);
}

function encode(list: string, key: readonly (string | Date)[]): string {
  const parts = key.map((part) => (part instanceof Date ? part.toISOString() : part));
  return Buffer.from(JSON.stringify([list, ...parts])).toString("base64url");
}

/** The sort key a cursor names; 400 VALIDATION naming `cursor` when it is malformed or another list's. */
export function readCursor<const S extends readonly TKeyPart[]>(of: TCursorList<S>, cursor: string): TKey<S> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== of.shape.length + 1 || parsed[0] !== of.list) throw badCursor();
  return of.shape.map((kind, index) => {
    const value: unknown = parsed[index + 1];
    if (typeof value !== "string") throw badCursor();
    if (kind === "uuid" && !isUuid(value)) throw badCursor();
    if (kind !== "date") return value;
    const instant = new Date(value);
    if (Number.isNaN(instant.getTime()) || instant.toISOString() !== value) throw badCursor();
    return instant;
  }) as TKey<S>;
}

/**
 * A page of rows read in the list's order from its position on: the query took `limit + 1` rows
 * (see `pageTake`), so one more than the page says a next page exists.
 */
export function cursorPage<T, S extends readonly TKeyPart[]>(
  of: TCursorList<S>,
  rows: T[],
  page: TPageRequest,
  keyOf: (row: T) => TKey<S>,
): TPage<T> {
  if (page.limit === undefined || rows.length <= page.limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, page.limit);
  return { items, nextCursor: encode(of.list, keyOf(items[items.length - 1]!) as (string | Date)[]) };
}

/** The rows a paged query takes: one more than the page, or all of them without `limit`. */
export function pageTake(page: TPageRequest): number | undefined {
  return page.limit === undefined ? undefined : page.limit + 1;
}

type TDirection = "asc" | "desc";

/**
 * The keyset condition "after this key" for a database query ordered by `columns` (the same
 * columns as its `orderBy`, see `keysetOrder`): (a > x) or (a = x and b > y) or ..., each
 * comparison turned for a descending column. Undefined without a cursor.
 */
export function keysetWhere(
  columns: readonly (readonly [string, TDirection])[],
  key: readonly (string | Date)[] | undefined,
): { OR: Record<string, unknown>[] } | undefined {
  if (!key) return undefined;
  const or = columns.map((_, depth) => {
    const condition: Record<string, unknown> = {};
    for (let index = 0; index < depth; index++) condition[columns[index]![0]] = key[index];
    const [column, direction] = columns[depth]!;
    condition[column] = { [direction === "asc" ? "gt" : "lt"]: key[depth] };
    return condition;
  });
  return { OR: or };
}

/** The `orderBy` of a keyset-paged query: its columns, in order. */
export function keysetOrder(columns: readonly (readonly [string, TDirection])[]) {
  return columns.map(([column, direction]) => ({ [column]: direction }));
}

/** A list paged in its database query: the cursor's name and shape, and the columns of that key. */
export type TKeysetList<S extends readonly TKeyPart[]> = TCursorList<S> & {
  order: readonly (readonly [string, TDirection])[];
};

/**
 * What a keyset-paged query adds (read before any other I/O, so a bad cursor costs none): the
 * condition "after the cursor's position" (`{}` without one; put it in the query's `AND`), the
 * order, and the rows to take. `cursorPage` then cuts the page from the rows.
 */
export function keysetQuery<const S extends readonly TKeyPart[]>(of: TKeysetList<S>, page: TPageRequest) {
  const after = page.cursor === undefined ? undefined : readCursor(of, page.cursor);
  return {
    after: keysetWhere(of.order, after) ?? {},
    orderBy: keysetOrder(of.order),
    take: pageTake(page),
  };
}

/**
 * A page of a list assembled and ordered in memory (several queries, or an order the database
 * does not give): the items after the cursor's key by the list's own comparison, so the same
 * position holds when items were inserted between pages. `compare` orders keys as the list does.
 */
export function pageInMemory<T, S extends readonly TKeyPart[]>(
  of: TCursorList<S>,
  sorted: T[],
  page: TPageRequest,
  keyOf: (row: T) => TKey<S>,
  compare: (a: TKey<S>, b: TKey<S>) => number,
): TPage<T> {
  const after = page.cursor === undefined ? undefined : readCursor(of, page.cursor);
  const rest = after ? sorted.filter((row) => compare(keyOf(row), after) > 0) : sorted;
  const take = pageTake(page);
  return cursorPage(of, take === undefined ? rest : rest.slice(0, take), page, keyOf);
}
