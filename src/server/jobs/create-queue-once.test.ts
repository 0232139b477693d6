import { afterAll, beforeAll, expect, it } from "vitest";
import { startEngine, stopEngine } from "../../../test/sessions-kit";
import { runningQueue } from "./queue";
import { createQueueOnce } from "./queues";

// pg-boss keeps a queue's options from its creation; the engine's queues must follow the
// configuration each process starts with (TURN_DEADLINE_SECONDS moves the execution job's expiry).

beforeAll(() => startEngine({ workers: false }));
afterAll(() => stopEngine());

it("an existing queue takes the expiry, retries and heartbeat of the configuration it is started with", async () => {
  const { boss } = runningQueue()!;
  const name = `settings-${crypto.randomUUID().slice(0, 8)}`;
  await createQueueOnce(boss, name, { retryLimit: 1, expireInSeconds: 120, heartbeatSeconds: 30, notify: true });
  expect(await boss.getQueue(name)).toMatchObject({ retryLimit: 1, expireInSeconds: 120, heartbeatSeconds: 30 });
  await createQueueOnce(boss, name, { retryLimit: 3, expireInSeconds: 900, heartbeatSeconds: 60, notify: true });
  expect(await boss.getQueue(name)).toMatchObject({ retryLimit: 3, expireInSeconds: 900, heartbeatSeconds: 60 });
  await boss.deleteQueue(name);
});
