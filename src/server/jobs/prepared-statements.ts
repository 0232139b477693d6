import type { PgBoss } from "pg-boss";
import type pg from "pg";
import { statementNamer } from "@/server/db/statement-names";

type TBossDb = { executeSql(text: string, values?: unknown[]): Promise<unknown>; pool?: pg.Pool };

/**
 * pg-boss's fetch: the statement it runs most (once or more per job) and the one that costs most
 * to plan (0.6-0.8 ms, more than it takes to run). Its partial-index conditions (queue name, job
 * state, `NOT blocked`) are literals in its text and its parameters are only caps, so a plan made
 * once is the plan made for any values.
 */
const FETCH = /\bSET\s+state\s*=\s*'active'[\s\S]*\bRETURNING\b/;
const SKIP_LOCKED = /\bFOR UPDATE OF j SKIP LOCKED\b/;

/** Whether a pg-boss statement keeps one plan for all its runs (docs/decisions.md). */
export function plansOnce(text: string): boolean {
  return SKIP_LOCKED.test(text) && FETCH.test(text);
}

/**
 * Prepares pg-boss's fetch on its own pool the way the application's statements are prepared
 * (db/statement-names.ts), so PostgreSQL parses and plans it once per connection. pg-boss runs
 * every statement through its database object's `executeSql`, so that one method is wrapped.
 * Its other statements stay unnamed and are planned for their values on every run: in the
 * completion, for one, the queue name and the job ids are parameters, and a plan made without
 * them scanned every job of the queue (docs/decisions.md). Call before start.
 */
export function prepareQueueStatements(boss: PgBoss, limit: number): void {
  const database = boss.getDb() as unknown as TBossDb;
  const name = statementNamer(limit);
  const unnamed = database.executeSql.bind(database);
  database.executeSql = (text, values) => {
    // A statement with parameters is one command (the extended protocol allows no more), which is what a name may be given to.
    const statement = values?.length && database.pool && plansOnce(text) ? name({ sql: text }) : undefined;
    return statement ? database.pool!.query({ name: statement, text, values }) : unnamed(text, values);
  };
}
