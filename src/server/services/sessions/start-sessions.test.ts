import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, type TAgentsWorld } from "../../../../test/agents-kit";
import { eventsOf, publishAgent, startEngine, stopEngine } from "../../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { warmQueue } from "@/server/jobs/queue";
import { createAndPublishFlow } from "@/server/services/flows/create-and-publish-flow";
import { flowRunStart } from "@/server/services/flows/start-flow-run";
import { startSessions } from "./start-sessions";

// The one creator every entry point uses; the queue runs without workers, so the jobs stay queued.
let world: TAgentsWorld;
let agentId: string;
let flowId: string;

beforeAll(async () => {
  world = await agentsWorld();
  await startEngine({ workers: false });
  agentId = await publishAgent(world.people.owner.actor, world.acme.ops, {
    model: "builtin:echo",
    principles: "",
    procedure: "",
  });
  const { flow } = await createAndPublishFlow(world.people.owner.actor, {
    domainId: world.acme.ops,
    name: `Flow ${crypto.randomUUID().slice(0, 8)}`,
    graph: { inputSchema: { type: "object" }, steps: [{ id: "t", kind: "transform", output: "{{input}}" }] },
  } as Parameters<typeof createAndPublishFlow>[1]);
  flowId = flow.id;
});

afterAll(async () => {
  await stopEngine();
});

const base = () => ({
  organizationId: world.acme.id,
  domainId: world.acme.ops,
  revision: 1,
  origin: "TRIGGER" as const,
  ownerId: world.people.owner.actor.userId,
});

describe("startSessions", () => {
  it("starts agents and flows of one fan-out together: rows, seq-1 events and one job each", async () => {
    const started = await db().$transaction((tx) =>
      startSessions(tx, [
        { ...base(), automationId: agentId, message: "first line\nmore", titlePrefix: "Nightly" },
        { ...base(), automationId: flowId, ...flowRunStart({ order: 7 }), title: "Nightly" },
        { ...base(), automationId: agentId, message: "second" },
      ]),
    );
    expect(started).toHaveLength(3);
    expect(new Set(started.map((one) => one.sessionId)).size).toBe(3);
    expect(started.map((one) => one.flowRunId === null)).toEqual([true, false, true]);

    const sessions = await db().agentSession.findMany({
      where: { id: { in: started.map((one) => one.sessionId) } },
      select: { id: true, title: true, lastSeq: true, origin: true },
    });
    const byId = new Map(sessions.map((session) => [session.id, session]));
    expect(started.map((one) => byId.get(one.sessionId)!.title)).toEqual(["Nightly: first line", "Nightly", "second"]);
    expect(sessions.every((session) => session.lastSeq === 1 && session.origin === "TRIGGER")).toBe(true);

    for (const one of started) {
      const turn = await db().turn.findUniqueOrThrow({
        where: { id: one.executionId },
        select: { sessionId: true, status: true, number: true },
      });
      expect(turn).toEqual({ sessionId: one.sessionId, status: "QUEUED", number: 1 });
      const [event] = await eventsOf(one.sessionId);
      expect(event).toMatchObject({
        seq: 1,
        type: "session.changed",
        data: { reason: "message.created", executionId: one.executionId },
      });
    }
    const run = await db().flowRun.findUniqueOrThrow({
      where: { id: started[1]!.flowRunId! },
      select: { input: true, sessionId: true },
    });
    expect(run).toEqual({ input: { order: 7 }, sessionId: started[1]!.sessionId });
    const message = await db().sessionMessage.findFirstOrThrow({
      where: { turnId: started[1]!.executionId },
      select: { body: true, role: true },
    });
    expect(message.role).toBe("USER");
    expect(JSON.parse(message.body)).toEqual({ order: 7 });
  });

  it("writes nothing when the transaction rolls back", async () => {
    const marker = `rollback ${crypto.randomUUID()}`;
    await expect(
      db().$transaction(async (tx) => {
        await startSessions(tx, [{ ...base(), automationId: agentId, message: marker }]);
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await db().sessionMessage.count({ where: { body: marker } })).toBe(0);
    expect(await db().agentSession.count({ where: { title: marker } })).toBe(0);
  });

  it("queues no job for a turn its caller runs itself (a flow's agent step)", async () => {
    const [one] = await db().$transaction((tx) =>
      startSessions(tx, [{ ...base(), automationId: agentId, message: "inline", queueJob: false }]),
    );
    const boss = warmQueue();
    const jobs = await boss.findJobs("agent-turn", { data: { turnId: one!.executionId } });
    expect(jobs).toHaveLength(0);
    const [queued] = await db().$transaction((tx) =>
      startSessions(tx, [{ ...base(), automationId: agentId, message: "queued" }]),
    );
    expect(await boss.findJobs("agent-turn", { data: { turnId: queued!.executionId } })).toHaveLength(1);
  });
});
