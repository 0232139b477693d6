import { runningQueue } from "./queue";
import { ASSISTANT_ACTION_QUEUE, FLOW_QUEUE, ONBOARDING_QUEUE, TURN_QUEUE, WEBHOOK_QUEUE } from "./queues";
import { log } from "@/server/log";

export type TQueueDepth = { queue: string; state: "queued" | "active"; count: number };

// The engine's work queues: reported even when empty, so an alert on them has a series to read.
const WORK_QUEUES = [TURN_QUEUE, FLOW_QUEUE, ONBOARDING_QUEUE, WEBHOOK_QUEUE, ASSISTANT_ACTION_QUEUE];

/**
 * Live job counts per queue, counted at scrape time from pg-boss's job table (its own queue
 * statistics are a cache refreshed by a monitor loop, too stale for a backlog alert). Deferred
 * jobs (a webhook's next attempt) count as queued. Empty when this process's queue is not
 * running: readiness reports that, and a scrape must still answer. Metrics and readiness show it.
 */
export async function readQueueDepths(): Promise<TQueueDepth[]> {
  const queue = runningQueue();
  if (!queue) return [];
  const depths = new Map<string, TQueueDepth>();
  for (const name of WORK_QUEUES) {
    for (const state of ["queued", "active"] as const) depths.set(`${name}/${state}`, { queue: name, state, count: 0 });
  }
  try {
    const schema = `"${queue.schema.replaceAll('"', '""')}"`;
    const { rows } = await queue.boss.getDb().executeSql(
      `SELECT name, CASE WHEN state = 'active' THEN 'active' ELSE 'queued' END AS state, count(*)::int AS count
       FROM ${schema}.job WHERE state IN ('created', 'retry', 'active') GROUP BY 1, 2`,
    );
    for (const row of rows as Array<{ name: string; state: "queued" | "active"; count: number }>) {
      depths.set(`${row.name}/${row.state}`, { queue: row.name, state: row.state, count: Number(row.count) });
    }
  } catch (error) {
    log.warn("queue depths could not be read", { error });
    return [];
  }
  return [...depths.values()];
}
