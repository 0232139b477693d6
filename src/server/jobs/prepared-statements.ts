import type { PgBoss } from "pg-boss";
import type pg from "pg";
import { statementNamer } from "@/server/db/statement-names";

type TBossDb = { executeSql(text: string, values?: unknown[]): Promise<unknown>; pool?: pg.Pool };

/**
 * Lets pg-boss's own pool prepare its repeated statements the way the application's does
 * (db/statement-names.ts): a turn's fetch and completion are pg-boss statements, planned on
 * every run otherwise. pg-boss runs every statement through its database object's
 * `executeSql`, so that one method is wrapped; a statement with parameters is one command (the
 * extended protocol allows no more), which is what a name may be given to. Call before start.
 * The connections still plan each run for its values (queue.ts says why); what is saved is the
 * parsing and analysis of pg-boss's long statements.
 */
export function prepareQueueStatements(boss: PgBoss, limit: number): void {
  const database = boss.getDb() as unknown as TBossDb;
  const name = statementNamer(limit);
  const unnamed = database.executeSql.bind(database);
  database.executeSql = (text, values) => {
    const statement = values?.length && database.pool ? name({ sql: text }) : undefined;
    return statement ? database.pool!.query({ name: statement, text, values }) : unnamed(text, values);
  };
}
