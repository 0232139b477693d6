import type { TUserActor } from "../src/server/auth/actor";
import { db, ready } from "../src/server/db/client";
import { env } from "../src/server/env";
import { startQueue, stopQueue } from "../src/server/jobs/queue";
import { registerWorkers } from "../src/server/engine/workers";
import {
  createAndPublishAgent,
  type TCreateAndPublishAgentOptions,
} from "../src/server/services/agents/create-and-publish-agent";

/** Helpers for the runtime's tests: the real queue and workers on the test database. */

const QUEUE_SCHEMA = `pgboss_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;

export async function startEngine(options: { workers?: boolean } = { workers: true }) {
  // A pg-boss schema of this test file's own: files share the PostgreSQL test database, and
  // another file's workers (with other env overrides) must never take this file's jobs.
  const boss = await startQueue(await ready(), { schema: QUEUE_SCHEMA });
  if (!boss) throw new Error("queue did not start");
  if (options.workers !== false) await registerWorkers(boss);
  return boss;
}

export async function stopEngine() {
  await stopQueue();
}

export async function publishAgent(
  actor: TUserActor,
  domainId: string,
  setup: TCreateAndPublishAgentOptions["setup"],
  extra: Partial<TCreateAndPublishAgentOptions> = {},
) {
  const { agent } = await createAndPublishAgent(actor, {
    domainId,
    name: `Agent ${crypto.randomUUID().slice(0, 8)}`,
    setup,
    changeNote: "test",
    ...extra,
  });
  return agent.id;
}

type TTurnStatus = "QUEUED" | "RUNNING" | "SUSPENDED" | "COMPLETED" | "FAILED";

/** Polls until the turn reaches one of the statuses (the real workers run it). */
export async function waitForTurn(
  turnId: string,
  statuses: TTurnStatus[] = ["COMPLETED", "FAILED", "SUSPENDED"],
  timeoutMs = 20_000,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const turn = await db().turn.findUniqueOrThrow({
      where: { id: turnId },
      select: { status: true, errorCode: true, errorMessage: true },
    });
    if (statuses.includes(turn.status)) return turn;
    if (Date.now() > until) throw new Error(`turn ${turnId} stayed ${turn.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function eventsOf(sessionId: string) {
  return db().sessionEvent.findMany({
    where: { sessionId },
    orderBy: { seq: "asc" },
    select: { seq: true, type: true, data: true },
  });
}

export type TReceived = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

/** A real HTTP server on loopback that records every request and answers 200 JSON. */
export async function startReceiver() {
  const { createServer } = await import("node:http");
  const requests: TReceived[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://receiver");
      requests.push({
        method: req.method ?? "",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      });
      res.writeHead(200, { "content-type": "application/json", "x-upstream-secret": "upstream-header-value" });
      res.end(JSON.stringify({ ok: true, path: url.pathname }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    requests,
    /** Requests whose `message` query or body carries the marker. */
    withMarker: (marker: string) =>
      requests.filter((request) => request.query.get("message") === marker || request.body.includes(marker)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A session and its QUEUED first turn as openSession commits them, minus the job and the event:
 * for tests that are the worker themselves (they call runTurn) and count what a turn writes.
 */
export async function openTurnWithoutJob(ownerId: string, agentId: string, message: string) {
  const agent = await db().automation.findUniqueOrThrow({
    where: { id: agentId },
    select: { organizationId: true, domainId: true, publishedRevision: true },
  });
  const session = await db().agentSession.create({
    data: {
      organizationId: agent.organizationId,
      domainId: agent.domainId,
      automationId: agentId,
      revision: agent.publishedRevision!,
      kind: "DOMAIN",
      origin: "API",
      ownerId,
      title: message,
    },
  });
  const turn = await db().turn.create({
    data: {
      sessionId: session.id,
      organizationId: agent.organizationId,
      number: 1,
      deadlineAt: new Date(Date.now() + env.TURN_DEADLINE_SECONDS * 1000),
    },
  });
  await db().sessionMessage.create({
    data: { sessionId: session.id, turnId: turn.id, role: "USER", body: message, authorId: ownerId },
  });
  return { sessionId: session.id, turnId: turn.id };
}
