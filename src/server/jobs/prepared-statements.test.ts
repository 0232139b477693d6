import { randomBytes } from "node:crypto";
import { PgBoss } from "pg-boss";
import { describe, expect, it } from "vitest";
import { ready } from "@/server/db/client";
import { prepareQueueStatements } from "./prepared-statements";

describe("the queue's prepared statements", () => {
  it.skipIf(!process.env.TEST_DB?.startsWith("postgres"))("prepares pg-boss's repeated statements once per connection, and the jobs still run", async () => {
    const { connectionString } = await ready();
    const schema = `prepared_${randomBytes(3).toString("hex")}`;
    // One connection, so the statements it prepared are the ones pg_prepared_statements lists.
    const boss = new PgBoss({ connectionString: connectionString!, max: 1, schema });
    prepareQueueStatements(boss, 50);
    await boss.start();
    try {
      await boss.createQueue("prepared");
      for (let job = 0; job < 3; job++) await boss.send("prepared", { job });
      const fetched = [];
      for (let job = 0; job < 3; job++) fetched.push(...(await boss.fetch<{ job: number }>("prepared")));
      await boss.complete("prepared", fetched.map((job) => job.id));
      expect(fetched.map((job) => job.data.job).sort()).toEqual([0, 1, 2]);
      const { rows } = (await boss.getDb().executeSql("SELECT statement FROM pg_prepared_statements WHERE name LIKE 's\\_%'")) as { rows: Array<{ statement: string }> };
      // The send and the fetch ran three times each: both are prepared, each once.
      expect(rows.filter((row) => row.statement.includes(`${schema}.`)).length).toBeGreaterThanOrEqual(2);
      expect(new Set(rows.map((row) => row.statement)).size).toBe(rows.length);
    } finally {
      await boss.stop({ graceful: false });
      await (await ready()).pool!.query(`DROP SCHEMA "${schema}" CASCADE`);
    }
  });
});
