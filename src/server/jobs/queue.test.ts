import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEngine, stopEngine } from "../../../test/sessions-kit";
import { runningQueue } from "./queue";

describe("the job queue's own connections", () => {
  beforeAll(async () => {
    await startEngine({ workers: false });
  });
  afterAll(stopEngine);

  const setting = async (name: string) => {
    const { rows } = (await runningQueue()!.boss.getDb().executeSql(`SELECT current_setting('${name}') AS value`)) as { rows: Array<{ value: string }> };
    return rows[0]?.value;
  };

  it.skipIf(!process.env.TEST_DB?.startsWith("postgres"))("commit job state changes without waiting for the WAL flush", async () => {
    expect(await setting("synchronous_commit")).toBe("off");
  });

  it.skipIf(!process.env.TEST_DB?.startsWith("postgres"))("plan each statement for its job states, so pg-boss's partial indexes stay usable", async () => {
    expect(await setting("plan_cache_mode")).toBe("force_custom_plan");
  });
});
