import type { TUserActor } from "../src/server/auth/actor";
import { db, ready } from "../src/server/db/client";
import { ensureQueues } from "../src/server/engine/jobs";
import { startQueue, stopQueue } from "../src/server/engine/queue";
import { registerWorkers } from "../src/server/engine/workers";
import { createAndPublishAgent, type TCreateAndPublishAgentOptions } from "../src/server/services/agents/create-and-publish-agent";

/** Helpers for the runtime's tests: the real queue and workers on the test database. */

export async function startEngine(options: { workers?: boolean } = { workers: true }) {
  const boss = await startQueue(await ready());
  if (!boss) throw new Error("queue did not start");
  await ensureQueues(boss);
  if (options.workers !== false) await registerWorkers(boss);
  return boss;
}

export async function stopEngine() {
  await stopQueue();
}

export async function publishAgent(actor: TUserActor, domainId: string, setup: TCreateAndPublishAgentOptions["setup"], extra: Partial<TCreateAndPublishAgentOptions> = {}) {
  const { agent } = await createAndPublishAgent(actor, { domainId, name: `Agent ${crypto.randomUUID().slice(0, 8)}`, setup, changeNote: "test", ...extra });
  return agent.id;
}

type TTurnStatus = "QUEUED" | "RUNNING" | "SUSPENDED" | "COMPLETED" | "FAILED";

/** Polls until the turn reaches one of the statuses (the real workers run it). */
export async function waitForTurn(turnId: string, statuses: TTurnStatus[] = ["COMPLETED", "FAILED", "SUSPENDED"], timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const turn = await db().turn.findUniqueOrThrow({ where: { id: turnId }, select: { status: true, errorCode: true, errorMessage: true } });
    if (statuses.includes(turn.status)) return turn;
    if (Date.now() > until) throw new Error(`turn ${turnId} stayed ${turn.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function eventsOf(sessionId: string) {
  return db().sessionEvent.findMany({ where: { sessionId }, orderBy: { seq: "asc" }, select: { seq: true, type: true, data: true } });
}
