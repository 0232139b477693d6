import { randomBytes } from "node:crypto";
import { PgBoss } from "pg-boss";
import { describe, expect, it } from "vitest";
import { ready } from "@/server/db/client";
import { prepareQueueStatements } from "./prepared-statements";

type TPrepared = { statement: string; generic_plans: string; custom_plans: string };

describe("the queue's prepared statements", () => {
  it.skipIf(!process.env.TEST_DB?.startsWith("postgres"))(
    "plans pg-boss's fetch once per connection and its completion for its values, and the jobs still run",
    async () => {
      const { connectionString } = await ready();
      const schema = `prepared_${randomBytes(3).toString("hex")}`;
      // One connection, so the statements it prepared are the ones pg_prepared_statements lists.
      const boss = new PgBoss({ connectionString: connectionString!, max: 1, schema });
      prepareQueueStatements(boss, 50);
      await boss.start();
      try {
        await boss.createQueue("prepared");
        // More runs than PostgreSQL plans for their values before it weighs a plan made once.
        const done: number[] = [];
        for (let job = 0; job < 8; job++) {
          await boss.send("prepared", { job }, { group: { id: "org" } });
          // The engine's fetch: the per-organization cap of engine/workers.ts.
          const [fetched] = await boss.fetch<{ job: number }>("prepared", { groupConcurrency: 3 });
          await boss.complete("prepared", fetched!.id);
          done.push(fetched!.data.job);
        }
        expect(done).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
        const { rows } = (await boss
          .getDb()
          .executeSql(
            "SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements WHERE name LIKE 's\\_%'",
          )) as { rows: TPrepared[] };
        const own = rows.filter((row) => row.statement.includes(`${schema}.`));
        expect(own).toHaveLength(1);
        expect(own[0]!.statement).toMatch(/FOR UPDATE OF j SKIP LOCKED/);
        expect(Number(own[0]!.generic_plans)).toBeGreaterThan(0);
        // Never prepared: the send, and the completion, whose good plan depends on its job ids.
        expect(own.some((row) => /completed_on|INSERT INTO/.test(row.statement))).toBe(false);
      } finally {
        await boss.stop({ graceful: false });
        await (await ready()).pool!.query(`DROP SCHEMA "${schema}" CASCADE`);
      }
    },
  );
});
