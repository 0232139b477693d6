import { createHash } from "node:crypto";
import type pg from "pg";
import { detach } from "@/server/detach";

type TQuery = { name?: string; text: string; values?: unknown[] };
type TPending = { query: TQuery; resolve: (result: unknown) => void; reject: (error: unknown) => void };

// Keeps the number of statement shapes (and prepared statements per connection) small.
const MAX_BATCH = 8;

/** The counting upsert of rate-limiter-flexible's Postgres store (consume and reward). */
const isUpsert = (query: TQuery) => query.name?.endsWith(":rlflx-upsert") === true;

/**
 * The limiter's upserts as data-modifying CTEs of one statement, each with its own parameters,
 * its rows tagged with its position.
 */
function combined(queries: TQuery[]): TQuery {
  let offset = 0;
  const parts: string[] = [];
  const values: unknown[] = [];
  queries.forEach((query, index) => {
    const shift = offset;
    const text = query.text
      .trim()
      .replace(/;$/, "")
      .replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`);
    parts.push(`u${index} AS (${text})`);
    values.push(...(query.values ?? []));
    offset += query.values?.length ?? 0;
  });
  const rows = queries.map((_, index) => `SELECT ${index} AS batch_index, * FROM u${index}`).join(" UNION ALL ");
  const text = `WITH ${parts.join(", ")} ${rows}`;
  return { name: `rl-batch-${createHash("sha1").update(text).digest("hex").slice(0, 16)}`, text, values };
}

async function run(pool: pg.Pool, batch: TPending[]): Promise<void> {
  if (batch.length === 1) {
    const [only] = batch;
    return void pool.query(only!.query).then(only!.resolve, only!.reject);
  }
  try {
    const result = await pool.query<{ batch_index: number }>(combined(batch.map((entry) => entry.query)));
    batch.forEach((entry, index) => {
      const rows = result.rows.filter((row) => row.batch_index === index).map(({ batch_index: _, ...row }) => row);
      entry.resolve({ rows, rowCount: rows.length });
    });
  } catch (error) {
    for (const entry of batch) entry.reject(error);
  }
}

/**
 * The store client of the rate limiters on PostgreSQL: upserts asked for in the same turn of the
 * event loop (a request's credential and organization policies, counted together) travel as one
 * statement instead of one round trip each. Two upserts of one key never share a statement (a
 * statement may change a row once); everything else goes to the pool as asked.
 */
export function batchedStoreClient(pool: pg.Pool): Pick<pg.Pool, "query"> {
  let batches: TPending[][] = [];
  const flush = () => {
    const ready = batches;
    batches = [];
    // Not awaited: batches travel side by side; run() settles each waiting query itself.
    for (const batch of ready) detach(run(pool, batch), "rate limiter: a batched upsert");
  };
  const query = (query: TQuery) => {
    if (!isUpsert(query)) return pool.query(query);
    return new Promise((resolve, reject) => {
      if (batches.length === 0) setImmediate(flush);
      const key = query.values?.[0];
      let batch = batches.find(
        (open) => open.length < MAX_BATCH && !open.some((entry) => entry.query.values?.[0] === key),
      );
      if (!batch) batches.push((batch = []));
      batch.push({ query, resolve, reject });
    });
  };
  return { query } as Pick<pg.Pool, "query">;
}
