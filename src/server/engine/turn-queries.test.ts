import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, type TAgentsWorld } from "../../../test/agents-kit";
import { eventsOf, openTurnWithoutJob, publishAgent, startReceiver } from "../../../test/sessions-kit";
import {
  countStatements,
  readsOf as reads,
  reportStatements as report,
  useCountingDatabase,
} from "../../../test/statement-count-kit";
import { db, useDatabase, type TDatabase } from "@/server/db/client";
import { env } from "@/server/env";
import { createConnection } from "@/server/services/connections/create-connection";
import { readTurnForClaim } from "./turn-context";
import { runTurn } from "./turn-runner";

// How many statements and transactions one turn costs (test/statement-count-kit.ts), so a change
// that adds a round trip to every turn shows up here.

let world: TAgentsWorld;
let original: TDatabase;
let echoAgent: string;

beforeAll(async () => {
  world = await agentsWorld();
  echoAgent = await publishAgent(world.people.owner.actor, world.acme.ops, { model: "builtin:echo" });
  original = await useCountingDatabase();
});

afterAll(() => {
  useDatabase(original);
});

const open = (agentId: string, message: string) =>
  openTurnWithoutJob(world.people.owner.actor.userId, agentId, message);

const measure = (turnId: string) => countStatements(() => runTurn(turnId));

describe("the cost of one turn", () => {
  it("an echo turn is its claim, its revision and its answer: one statement each, no transaction", async () => {
    const { sessionId, turnId } = await open(echoAgent, "hello");
    const cost = await measure(turnId);
    report("echo turn", cost);
    expect((await eventsOf(sessionId)).map((event) => event.type)).toEqual([
      "turn.started",
      "message.delta",
      "turn.completed",
    ]);
    expect(reads(cost, "turns")).toBe(1);
    expect(reads(cost, "agent_sessions")).toBe(0);
    expect(reads(cost, "tool_calls")).toBe(0);
    expect(reads(cost, "custom_integrations")).toBe(0);
    // Neither a caller grant nor an assistant worker to look for: the claim said so.
    expect(
      cost.statements.some((sql) =>
        /caller_grants|assistant_workers/.test(sql.replace(/EXISTS \(SELECT 1 FROM caller_grants[^)]*\)/, "")),
      ),
    ).toBe(false);
    // The claim (with turn.started, the budget's limits and the transcript), then the answer
    // (with the step's usage and its events): each one statement, so neither needs a transaction.
    expect(cost.transactions).toBe(0);
    expect(reads(cost, "llm_budgets")).toBe(1);
    expect(reads(cost, "session_messages")).toBe(1);
    expect(cost.statements).toHaveLength(3);
  });

  it("a limited budget is still checked before the first step", async () => {
    await db().llmBudget.upsert({
      where: { organizationId: world.acme.id },
      create: { organizationId: world.acme.id, monthlyTokenLimit: 1 },
      update: { monthlyTokenLimit: 1 },
    });
    try {
      const first = await open(echoAgent, "spend a token");
      await measure(first.turnId);
      const { sessionId, turnId } = await open(echoAgent, "over the limit");
      await measure(turnId);
      expect((await eventsOf(sessionId)).map((event) => event.type)).toEqual([
        "turn.started",
        "budget.failed",
        "turn.completed",
      ]);
    } finally {
      await db().llmBudget.delete({ where: { organizationId: world.acme.id } });
    }
  });

  it("a later turn on the same revision does not read the revision again", async () => {
    const first = await open(echoAgent, "first");
    await measure(first.turnId);
    const { turnId } = await open(echoAgent, "second");
    const cost = await measure(turnId);
    expect(reads(cost, "automation_revisions")).toBe(0);
    expect(cost.statements).toHaveLength(2);
  });

  it("the claim's joined read returns the turn as Prisma reads it", async () => {
    const { sessionId, turnId } = await open(echoAgent, "read me");
    const claimed = await db().$transaction((tx) => readTurnForClaim(tx, turnId));
    const turn = await db().turn.findUniqueOrThrow({
      where: { id: turnId },
      select: {
        organizationId: true,
        deadlineAt: true,
        queuedAt: true,
        status: true,
        attempts: true,
        session: { select: { domainId: true, automationId: true, revision: true, origin: true } },
      },
    });
    const { origin, ...session } = turn.session;
    expect(claimed).toEqual({
      turnId,
      sessionId,
      orgId: turn.organizationId,
      deadlineAt: turn.deadlineAt,
      queuedAt: turn.queuedAt,
      status: turn.status,
      attempts: turn.attempts,
      ...session,
      hasGrant: (await db().callerGrant.count({ where: { turnId } })) > 0,
      assistantSession: origin === "ASSISTANT",
      webhookSubscribed:
        (await db().webhookEndpoint.count({ where: { organizationId: turn.organizationId, enabled: true } })) > 0,
    });
    expect(await db().$transaction((tx) => readTurnForClaim(tx, crypto.randomUUID()))).toBeNull();
  });

  it("a procedure turn with one tool call records the call's start and finish in one statement each", async () => {
    const agentId = await publishAgent(
      world.people.owner.actor,
      world.acme.ops,
      {
        model: "builtin:procedure",
        procedure: `#service.knowledge.search ${JSON.stringify({ query: "{{message}}", limit: 3 })}`,
      },
      { knowledgeSelection: { mode: "domain", moduleIds: [] } },
    );
    const { sessionId, turnId } = await open(agentId, "refunds");
    const cost = await measure(turnId);
    report("procedure turn, one tool call", cost);
    expect((await eventsOf(sessionId)).map((event) => event.type)).toEqual([
      "turn.started",
      "tool_call.started",
      "tool_call.finished",
      "message.delta",
      "turn.completed",
    ]);
    // The claim, and the call's start: fenced to this attempt inside its own statement.
    expect(reads(cost, "turns")).toBe(2);
    // The call's start and its finish are one statement each (its row with its event), and so
    // is the step's usage: none of them needs a transaction.
    expect(
      cost.statements.filter((sql) => /\b(INSERT INTO|UPDATE)\s+("public"\.)?"?tool_calls"?/.test(sql)),
    ).toHaveLength(2);
    expect(cost.transactions).toBe(0);
    // The second step's transcript takes the session's messages the claim read.
    expect(reads(cost, "session_messages")).toBe(1);
    expect(cost.statements).toHaveLength(10);
  });

  it("a turn calling HTTP on the organization's connection reads the connection once and no caller grant", async () => {
    const receiver = await startReceiver();
    const allowed = env.HTTP_TOOL_ALLOWED_HOSTS;
    env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
    try {
      const owner = world.people.owner.actor;
      await createConnection(owner, {
        domainId: world.acme.ops,
        integrationId: "service.http",
        name: "HTTP",
        token: `token-${crypto.randomUUID()}`,
      });
      const agentId = await publishAgent(owner, world.acme.ops, {
        model: "builtin:procedure",
        procedure: `#service.http.get ${JSON.stringify({ url: `${receiver.base}/read` })}`,
      });
      const { sessionId, turnId } = await open(agentId, "read");
      const cost = await measure(turnId);
      report("procedure turn, one HTTP call", cost);
      expect((await eventsOf(sessionId)).map((event) => event.type)).toEqual([
        "turn.started",
        "tool_call.started",
        "tool_call.finished",
        "message.delta",
        "turn.completed",
      ]);
      expect(
        (await db().toolCall.findFirstOrThrow({ where: { turnId }, select: { status: true, identity: true } })).status,
      ).toBe("SUCCEEDED");
      expect(reads(cost, "connections")).toBe(1);
      expect(reads(cost, "session_messages")).toBe(1);
      expect(cost.statements).toHaveLength(10);
      expect(cost.transactions).toBe(0);
      // The claim found no caller grant, and none can be added while the turn runs.
      expect(
        cost.statements.some((sql) =>
          /caller_grants/.test(sql.replace(/EXISTS \(SELECT 1 FROM caller_grants[^)]*\)/, "")),
        ),
      ).toBe(false);
    } finally {
      env.HTTP_TOOL_ALLOWED_HOSTS = allowed;
      await receiver.close();
    }
  });
});
