import { describe, expect, it } from "vitest";
import { api } from "../../../../test/agents-kit";
import { eventsOf, publishAgent } from "../../../../test/sessions-kit";
import { countStatements, readsOf, reportStatements, useCountedEchoWorld } from "../../../../test/statement-count-kit";
import { db } from "@/server/db/client";
import { runningQueue } from "@/server/jobs/queue";
import { createAndPublishFlow } from "@/server/services/flows/create-and-publish-flow";
import { flowRunStart } from "@/server/services/flows/start-flow-run";
import { createTrigger } from "@/server/services/triggers/create-trigger";
import { subscribeAutomation } from "@/server/services/triggers/subscriptions";
import { startSessions } from "./start-sessions";

// What starting work costs in round trips (test/statement-count-kit.ts): an open through the
// customer API, and a fan-out through the one creator. Opens are the hottest write path, so a
// change that adds a statement to them shows up here.

const setup = useCountedEchoWorld();

const open = () =>
  api("POST", `/agents/${setup.agentId}/sessions`, {
    credential: setup.world.people.owner.key,
    body: { message: "count me" },
  });

describe("the cost of starting work", () => {
  it("an open reads the credential with its owner once and the agent with the caller's role once, then writes everything in one statement, without a transaction", async () => {
    await open(); // the key's lastUsedAt is written at most once a minute: not on the measured call
    let answer: Awaited<ReturnType<typeof open>> | undefined;
    const cost = await countStatements(async () => {
      answer = await open();
    });
    reportStatements("open", cost);
    expect(answer!.status).toBe(202);
    expect(readsOf(cost, "api_keys")).toBe(1);
    expect(readsOf(cost, "automations")).toBe(1);
    expect(cost.transactions).toBe(0);
    // credential, agent; the rows with their event and job (guarded by the entitlement rule)
    expect(cost.statements).toHaveLength(3);
    const row = await db().agentSession.findUniqueOrThrow({
      where: { id: answer!.body.sessionId },
      select: {
        title: true,
        lastSeq: true,
        turns: { select: { id: true, status: true } },
        messages: { select: { role: true, body: true } },
      },
    });
    expect(row).toEqual({
      title: "count me",
      lastSeq: 1,
      turns: [{ id: answer!.body.executionId, status: "QUEUED" }],
      messages: [{ role: "USER", body: "count me" }],
    });
    expect((await eventsOf(answer!.body.sessionId)).map((event) => [event.seq, event.type])).toEqual([
      [1, "session.changed"],
    ]);
    // The same statement queued the turn's job, in the organization's group (its fairness cap).
    const { schema } = runningQueue()!;
    const jobs = await db().$queryRawUnsafe<Array<{ state: string; group_id: string }>>(
      `SELECT state::text, group_id FROM ${schema}.job WHERE name = 'agent-turn' AND data->>'turnId' = $1`,
      answer!.body.executionId,
    );
    expect(jobs).toEqual([{ state: "created", group_id: setup.world.acme.id }]);
  });

  it("a trigger fired at three agents: the trigger with the caller's role, its subscribers with their belts and entitlements, the starts, the firing and its results", async () => {
    const owner = setup.world.people.owner.actor;
    const { trigger } = await createTrigger(owner, {
      type: "api",
      domainId: setup.world.acme.ops,
      name: `Fire ${crypto.randomUUID().slice(0, 8)}`,
    });
    for (let index = 0; index < 3; index++) {
      await subscribeAutomation(owner, {
        triggerId: trigger.id,
        automationId: await publishAgent(owner, setup.world.acme.ops, { model: "builtin:echo" }),
      });
    }
    const fire = () =>
      api("POST", "/triggers/fire", {
        credential: setup.world.people.owner.key,
        body: { triggerId: trigger.id, input: { message: "count me" } },
      });
    await fire();
    let answer: Awaited<ReturnType<typeof fire>> | undefined;
    const cost = await countStatements(async () => {
      answer = await fire();
    });
    reportStatements("fire, 3 subscribers", cost);
    expect(answer!.status).toBe(202);
    expect(answer!.body.sessions).toHaveLength(3);
    expect(readsOf(cost, "triggers")).toBe(1);
    expect(readsOf(cost, "trigger_subscriptions")).toBe(1);
    // The credential, the trigger, the subscribers, then the starts with the firing and its
    // results: one statement, atomic by itself, so no transaction.
    expect(cost.transactions).toBe(0);
    expect(cost.statements).toHaveLength(4);
    const firing = await db().triggerFiring.findFirstOrThrow({
      where: { triggerId: trigger.id },
      orderBy: { createdAt: "desc" },
      select: { source: true, results: { select: { outcome: true, sessionId: true } } },
    });
    expect(firing.source).toBe("API");
    expect(firing.results.map((result) => result.sessionId).sort()).toEqual(
      answer!.body.sessions.map((session: { sessionId: string }) => session.sessionId).sort(),
    );
    expect(firing.results.every((result) => result.outcome === "STARTED")).toBe(true);

    // With an Idempotency-Key the outcome is recorded in the same transaction as the fan-out.
    const keyedFire = () =>
      api("POST", "/triggers/fire", {
        credential: setup.world.people.owner.key,
        body: { triggerId: trigger.id, input: { message: "count me" }, idempotencyKey: "count-me-once" },
      });
    const keyed = await countStatements(async () => {
      answer = await keyedFire();
    });
    expect(answer!.status).toBe(202);
    expect(keyed.transactions).toBe(1);
    // Its replay: the credential, the trigger, and the reservation that finds the outcome instead.
    const replay = await countStatements(async () => {
      answer = await keyedFire();
    });
    reportStatements("fire replay", replay);
    expect(answer!.status).toBe(202);
    expect(answer!.headers.get("idempotency-replayed")).toBe("true");
    expect(replay.transactions).toBe(0);
    expect(replay.statements).toHaveLength(3);
  });

  it("a fan-out of ten, agents and flows, costs what a start of one agent costs: the flow runs ride in the same statement", async () => {
    const { flow } = await createAndPublishFlow(setup.world.people.owner.actor, {
      domainId: setup.world.acme.ops,
      name: `Counted flow ${crypto.randomUUID().slice(0, 8)}`,
      graph: { inputSchema: { type: "object" }, steps: [{ id: "t", kind: "transform", output: "{{input}}" }] },
    } as Parameters<typeof createAndPublishFlow>[1]);
    const common = {
      organizationId: setup.world.acme.id,
      domainId: setup.world.acme.ops,
      revision: 1,
      origin: "TRIGGER" as const,
      ownerId: null,
    };
    const agent = (message: string) => ({ ...common, automationId: setup.agentId, message });
    const flowRun = (index: number) => ({
      ...common,
      automationId: flow.id,
      ...flowRunStart({ index }),
      title: `Flow ${index}`,
    });
    const one = await countStatements(() => db().$transaction((tx) => startSessions(tx, [agent("one")])));
    let started: Awaited<ReturnType<typeof startSessions>> = [];
    const ten = await countStatements(async () => {
      started = await db().$transaction((tx) =>
        startSessions(
          tx,
          Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? agent(`fan ${index}`) : flowRun(index))),
        ),
      );
    });
    expect(ten.statements).toHaveLength(one.statements.length);
    const runs = await db().flowRun.findMany({
      where: { sessionId: { in: started.map((session) => session.sessionId) } },
      select: { id: true, sessionId: true, input: true, status: true, deadlineAt: true },
    });
    const turns = await db().turn.findMany({
      where: { sessionId: { in: runs.map((run) => run.sessionId) } },
      select: { sessionId: true, deadlineAt: true },
    });
    expect(runs.map((run) => (run.input as { index: number }).index).sort()).toEqual([1, 3, 5, 7, 9]);
    for (const run of runs) {
      expect(started.find((session) => session.sessionId === run.sessionId)!.flowRunId).toBe(run.id);
      expect(run.status).toBe("QUEUED");
      // The run's deadline is its first turn's, to the millisecond.
      expect(run.deadlineAt.toISOString()).toBe(
        turns.find((turn) => turn.sessionId === run.sessionId)!.deadlineAt!.toISOString(),
      );
    }
  });

  it("a fan-out's caller grants ride in the same statement, however many turns carry material", async () => {
    const callerCredentials = { integrations: { "service.http": { token: "fan-out-token" } } };
    const start = (message: string) => ({
      organizationId: setup.world.acme.id,
      domainId: setup.world.acme.ops,
      automationId: setup.agentId,
      revision: 1,
      origin: "TRIGGER" as const,
      ownerId: null,
      message,
    });
    const without = await countStatements(() => db().$transaction((tx) => startSessions(tx, [start("one")])));
    let started: Awaited<ReturnType<typeof startSessions>> = [];
    const ten = await countStatements(async () => {
      started = await db().$transaction((tx) =>
        startSessions(
          tx,
          Array.from({ length: 10 }, (_, index) => ({ ...start(`fan ${index}`), callerCredentials })),
        ),
      );
    });
    expect(ten.statements).toHaveLength(without.statements.length);
    const grants = await db().callerGrant.findMany({
      where: { turnId: { in: started.map((session) => session.executionId) } },
      select: { sealed: true },
    });
    expect(grants).toHaveLength(10);
    // Sealed at rest, each with its own nonce.
    for (const grant of grants) expect(JSON.stringify(grant)).not.toContain("fan-out-token");
    expect(new Set(grants.map((grant) => String(grant.sealed))).size).toBe(10);
  });
});
