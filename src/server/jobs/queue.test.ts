import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEngine, stopEngine } from "../../../test/sessions-kit";
import { runningQueue } from "./queue";

describe("the job queue's own connections", () => {
  beforeAll(async () => {
    await startEngine({ workers: false });
  });
  afterAll(stopEngine);

  it.skipIf(!process.env.TEST_DB?.startsWith("postgres"))("commit job state changes without waiting for the WAL flush", async () => {
    const { rows } = (await runningQueue()!.boss.getDb().executeSql("SHOW synchronous_commit")) as { rows: Array<{ synchronous_commit: string }> };
    expect(rows[0]?.synchronous_commit).toBe("off");
  });
});
