import { db, queryRows, type TTransaction } from "@/server/db/client";
import { detach } from "@/server/detach";
import { Prisma } from "@/server/db/generated/client";
import { env } from "@/server/env";
import { AppError } from "@/server/errors";
import { warmQueueTables } from "./queue";
import { FLOW_QUEUE, TURN_QUEUE } from "./queues";

// How long one count of an organization's backlog serves its starts: a burst of starts costs one
// count a second, not one each.
const COUNT_SERVES_MS = 1_000;
// What a refused start is told to wait: the engine completes a backlog in seconds, not minutes.
const RETRY_AFTER_SECONDS = 5;

const counted = new Map<string, { queued: number; at: number }>();

/** Execution jobs of the organization accepted and not yet started, counted up to `limit` + 1. */
async function countQueued(runner: TTransaction, organizationId: string, limit: number): Promise<number> {
  const { schema, tables } = warmQueueTables();
  const parts = [TURN_QUEUE, FLOW_QUEUE].flatMap((name) => {
    const table = tables.get(name)?.table;
    if (!table) return [];
    // pg-boss's partial index on queued jobs (name, ..., WHERE state < 'active') serves this.
    return [
      Prisma.sql`(SELECT 1 FROM ${Prisma.raw(`"${schema}"."${table}"`)} WHERE name = ${name} AND state < 'active' AND group_id = ${organizationId} LIMIT ${limit + 1})`,
    ];
  });
  if (parts.length === 0) return 0;
  const [row] = await queryRows<{ queued: number }>(
    runner,
    Prisma.sql`SELECT count(*)::int AS queued FROM (${Prisma.join(parts, " UNION ALL ")}) AS backlog`,
  );
  return row?.queued ?? 0;
}

/**
 * Backpressure: an organization whose backlog (ENGINE_ORG_BACKLOG_LIMIT) is full gets 429 with
 * Retry-After instead of a queue that grows without limit. Accepting durably stays the rule
 * below the bound. `starts` is how many executions of each organization the caller is about to
 * queue. The check costs a start no statement: it reads this process's count, which a
 * background count refreshes once a second at most while starts arrive, and starts accepted
 * meanwhile are added to it (so a burst is counted at once). An organization not counted yet
 * passes while its first count runs.
 */
export function assertBacklogRoom(starts: Map<string, number>): void {
  const limit = env.ENGINE_ORG_BACKLOG_LIMIT;
  if (limit === 0) return;
  const now = Date.now();
  for (const [organizationId, adding] of starts) {
    let entry = counted.get(organizationId);
    if (!entry) {
      if (counted.size > 10_000) counted.clear();
      entry = { queued: 0, at: 0 };
      counted.set(organizationId, entry);
    }
    if (now - entry.at > COUNT_SERVES_MS) refresh(organizationId, entry, limit, now);
    if (entry.queued + adding > limit) {
      throw new AppError(
        "RATE_LIMITED",
        `This organization already has ${entry.queued} executions waiting to start (the limit is ${limit}); retry after ${RETRY_AFTER_SECONDS} seconds, when the engine has worked some of them off.`,
        {
          details: { reason: "backlog", queued: entry.queued, limit, retryAfterSeconds: RETRY_AFTER_SECONDS },
          headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
        },
      );
    }
    entry.queued += adding;
  }
}

/** Counts in the background (never inside the caller's transaction: PGlite has one connection). */
function refresh(organizationId: string, entry: { queued: number; at: number }, limit: number, now: number): void {
  entry.at = now;
  detach(
    countQueued(db(), organizationId, limit).then((queued) => {
      entry.queued = queued;
    }),
    "Counting an organization's backlog",
  );
}

/** Forgets every count (tests that change the limit). */
export function forgetBacklogCounts(): void {
  counted.clear();
}

/** Counts the organization's backlog now (tests, which then see the bound at once). */
export async function countBacklog(organizationId: string): Promise<number> {
  const queued = await countQueued(db(), organizationId, env.ENGINE_ORG_BACKLOG_LIMIT);
  counted.set(organizationId, { queued, at: Date.now() });
  return queued;
}
