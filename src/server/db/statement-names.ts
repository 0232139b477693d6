import { createHash } from "node:crypto";

/** The part of a Prisma driver-adapter query that names it: its SQL text. */
type TQuery = { sql: string };

/** What the PostgreSQL adapter asks for each statement: a name to prepare it under, or none. */
export type TStatementNamer = (query: TQuery) => string | undefined;

// Texts seen once are remembered (without a name) up to this many, then forgotten together:
// a statement is named on its second run, so one-off statements never take a name.
const SIGHTINGS_LIMIT = 4_096;

/**
 * Names repeated statements so each pool connection prepares them once: PostgreSQL then skips
 * parsing and, for most, planning on every later run (docs/benchmarks.md: planning was more of
 * an open's database time than executing). A name is the SHA-1 of the text, so one text has one
 * name on every connection. At most `limit` texts are named per process, because every
 * connection keeps each statement it prepared (its plan) until it closes; texts past the limit
 * run unnamed as before. `limit` 0 names nothing (a pooler in transaction mode, such as
 * PgBouncer, cannot keep prepared statements).
 */
export function statementNamer(limit: number): TStatementNamer {
  const named = new Map<string, string>();
  const seenOnce = new Set<string>();
  return ({ sql }) => {
    const name = named.get(sql);
    // A full cache (or limit 0) names nothing new, so sightings need no counting either.
    if (name !== undefined || named.size >= limit) return name;
    if (!seenOnce.has(sql)) {
      if (seenOnce.size >= SIGHTINGS_LIMIT) seenOnce.clear();
      seenOnce.add(sql);
      return undefined;
    }
    seenOnce.delete(sql);
    const created = `s_${createHash("sha1").update(sql).digest("hex")}`;
    named.set(sql, created);
    return created;
  };
}
