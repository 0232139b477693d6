import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld } from "../../../test/agents-kit";
import { publishAgent, startEngine, stopEngine, waitForTurn } from "../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { runningQueue } from "@/server/jobs/queue";
import { executionWakeChannel, TURN_QUEUE } from "@/server/jobs/queues";
import { parseWake } from "./execution-wake";

describe("parseWake", () => {
  it("reads a wake-up's queue and job count", () => {
    expect(parseWake("agent-turn:3")).toEqual({ queue: "agent-turn", count: 3, retry: false });
    expect(parseWake("flow-run")).toEqual({ queue: "flow-run", count: 1, retry: false });
    expect(parseWake("agent-turn:none")).toEqual({ queue: "agent-turn", count: 1, retry: false });
    expect(parseWake("flow-run:retry")).toEqual({ queue: "flow-run", count: 1, retry: true });
  });
});

describe("waking the engine for a committed turn", () => {
  let world: TAgentsWorld;
  let echoId: string;
  let fetches = 0;
  const saved = { poll: env.ENGINE_IDLE_POLL_SECONDS };

  beforeAll(async () => {
    world = await agentsWorld();
    // No poll within the test: only a wake-up can start the turn.
    Object.assign(env, { ENGINE_IDLE_POLL_SECONDS: 60 });
    const boss = await startEngine();
    const db = boss.getDb() as { executeSql: (text: string, values?: unknown[]) => Promise<unknown> };
    const run = db.executeSql.bind(db);
    db.executeSql = (text, values) => {
      if (text.includes("SKIP LOCKED") && text.includes(`'${TURN_QUEUE}'`)) fetches++;
      return run(text, values);
    };
    echoId = await publishAgent(world.people.owner.actor, world.acme.ops, { model: "builtin:echo" });
    // The pump's first look, at start, is over.
    await new Promise((resolve) => setTimeout(resolve, 500));
  });

  afterAll(async () => {
    await stopEngine();
    Object.assign(env, { ENGINE_IDLE_POLL_SECONDS: saved.poll });
  });

  it("a wake-up costs one fetch: two for the turn (its own and the look after it ended)", async () => {
    fetches = 0;
    const response = await api("POST", `/agents/${echoId}/sessions`, {
      credential: world.people.operator.key,
      body: { message: "wake one" },
    });
    expect(response.status).toBe(202);
    const { executionId } = response.body as { executionId: string };
    expect((await waitForTurn(executionId, ["COMPLETED", "FAILED"], 10_000)).status).toBe("COMPLETED");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetches).toBeGreaterThanOrEqual(1);
    expect(fetches).toBeLessThanOrEqual(2);
  });

  it("hears only its own queue schema's wake-ups: another schema's jobs (another deployment, another test file) cost it no fetch", async () => {
    const notify = (schema: string) =>
      db().$queryRaw`SELECT pg_notify(${executionWakeChannel(schema)}, ${`${TURN_QUEUE}:2`})::text`;
    fetches = 0;
    await notify(`${runningQueue()!.schema}_elsewhere`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetches).toBe(0);
    // The control: the same wake-up on its own schema's channel makes the pump look (one fetch,
    // whatever the count; at most one more if a look was already under way).
    await notify(runningQueue()!.schema);
    await expect.poll(() => fetches, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
    expect(fetches).toBeLessThanOrEqual(2);
  });

  it("names a schema's channel within PostgreSQL's identifier limit, one channel per schema", () => {
    const long = executionWakeChannel("s".repeat(63));
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(63);
    expect(executionWakeChannel("pgboss")).not.toBe(executionWakeChannel("pgboss_other"));
    expect(executionWakeChannel("pgboss")).toBe(executionWakeChannel("pgboss"));
  });
});
