import { afterEach, describe, expect, it } from "vitest";
import type { PgBoss } from "pg-boss";
import { startEngine, stopEngine } from "../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { enqueue } from "@/server/jobs/enqueue";
import { ASSISTANT_ACTION_QUEUE, FLOW_QUEUE, ONBOARDING_QUEUE, TURN_QUEUE, WEBHOOK_QUEUE } from "@/server/jobs/queues";

const WORKED = [TURN_QUEUE, FLOW_QUEUE, ONBOARDING_QUEUE, WEBHOOK_QUEUE, ASSISTANT_ACTION_QUEUE];
const saved = { poll: env.ENGINE_IDLE_POLL_SECONDS };

/** Counts the fetches of the engine's work queues that reach the database. */
function countFetches(boss: PgBoss): { count: number } {
  const counter = { count: 0 };
  const database = boss.getDb() as { executeSql: (text: string, values?: unknown[]) => Promise<unknown> };
  const run = database.executeSql.bind(database);
  database.executeSql = (text, values) => {
    if (text.includes("SKIP LOCKED") && WORKED.some((queue) => text.includes(`'${queue}'`))) counter.count++;
    return run(text, values);
  };
  return counter;
}

async function jobState(boss: PgBoss, queue: string, id: string): Promise<string | undefined> {
  return (await boss.getJobById(queue, id))?.state;
}

async function waitForState(boss: PgBoss, queue: string, id: string, left: string, within: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < within) {
    if ((await jobState(boss, queue, id)) !== left) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the job stayed ${left} for ${within} ms`);
}

describe("an engine with nothing to do", () => {
  afterEach(async () => {
    await stopEngine();
    Object.assign(env, { ENGINE_IDLE_POLL_SECONDS: saved.poll });
  });

  it("fetches nothing while idle: no worker polls on a period", async () => {
    const boss = await startEngine();
    // The first looks, at start, are over.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const fetches = countFetches(boss);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    // A period poll fetched 11 times in these 3 s. Not 0 here: the start-up sweep may have run
    // another test file's due deliveries (a shared database), whose next attempt may come due.
    expect(fetches.count).toBeLessThanOrEqual(2);
  });

  it("starts a job queued for later when it comes due, with no NOTIFY and no poll", async () => {
    const boss = await startEngine();
    const dueIn = 1500;
    // A delivery that no longer exists: its attempt finds nothing to send and completes.
    const deliveryId = crypto.randomUUID();
    await db().$transaction((tx) =>
      enqueue(tx, { kind: "webhook-delivery", deliveryId }, { startAfter: new Date(Date.now() + dueIn) }),
    );
    // Its own job: the engine's start-up sweep may queue other deliveries of the shared database.
    const job = (await boss.findJobs<{ deliveryId: string }>(WEBHOOK_QUEUE)).find(
      (queued) => queued.data.deliveryId === deliveryId,
    );
    const waited = await waitForState(boss, WEBHOOK_QUEUE, job!.id, "created", 5000);
    expect(waited).toBeGreaterThanOrEqual(dueIn - 200);
    expect(waited).toBeLessThan(dueIn + 1500);
  });

  it("starts each of a queue's jobs due a moment apart on time, also one another process queued", async () => {
    Object.assign(env, { ENGINE_IDLE_POLL_SECONDS: 30 });
    const boss = await startEngine();
    const deliveryId = crypto.randomUUID();
    await db().$transaction((tx) =>
      enqueue(tx, { kind: "webhook-delivery", deliveryId }, { startAfter: new Date(Date.now() + 1000) }),
    );
    // Queued by pg-boss itself, as another process would: this process was never told of it.
    const later = await boss.send(WEBHOOK_QUEUE, { deliveryId: crypto.randomUUID() }, { startAfter: 2 });
    // The look that starts the first finds the second queued behind it and looks again then,
    // not at the 30 s backstop.
    const waited = await waitForState(boss, WEBHOOK_QUEUE, later!, "created", 6000);
    expect(waited).toBeGreaterThanOrEqual(1500);
  });

  it("finds a job whose wake-up was lost at the backstop look", async () => {
    Object.assign(env, { ENGINE_IDLE_POLL_SECONDS: 1 });
    const boss = await startEngine();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // pg-boss's own send on an execution queue notifies no one (the engine listens on its own channel).
    const id = await boss.send(FLOW_QUEUE, { turnId: crypto.randomUUID() });
    await waitForState(boss, FLOW_QUEUE, id!, "created", 2500);
  });
});
