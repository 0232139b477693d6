import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, type TAgentsWorld } from "../../../test/agents-kit";
import { eventsOf, openTurnWithoutJob, publishAgent } from "../../../test/sessions-kit";
import { ready, useDatabase, type TDatabase } from "@/server/db/client";
import { PrismaClient } from "@/server/db/generated/client";
import { readTurnForClaim } from "./turn-context";
import { runTurn } from "./turn-runner";

// How many statements and transactions one turn costs. The turn loop runs on a Prisma client
// whose driver adapter counts what it is asked to run (both databases), so a change that adds
// a round trip to every turn shows up here.

type TCount = { statements: string[]; transactions: number };
const count: TCount = { statements: [], transactions: 0 };
let counting = false;

function countQueryable<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver);
      if (typeof value !== "function") return value;
      if (key === "queryRaw" || key === "executeRaw") {
        return (query: SqlQuery) => {
          if (counting && !/^(BEGIN|COMMIT|ROLLBACK)\b/i.test(query.sql)) count.statements.push(query.sql);
          return value.call(object, query);
        };
      }
      if (key === "startTransaction") {
        return async (...args: unknown[]) => {
          if (counting) count.transactions++;
          return countQueryable((await value.apply(object, args)) as Transaction);
        };
      }
      return value.bind(object);
    },
  });
}

function countingFactory(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  return new Proxy(factory, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver);
      if (key === "connect") return async () => countQueryable((await factory.connect()) as SqlDriverAdapter);
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}

let world: TAgentsWorld;
let original: TDatabase;
let echoAgent: string;

beforeAll(async () => {
  world = await agentsWorld();
  echoAgent = await publishAgent(world.people.owner.actor, world.acme.ops, { model: "builtin:echo" });
  original = await ready();
  const factory = original.pglite ? new PrismaPGlite(original.pglite) : new PrismaPg(original.pool!);
  useDatabase({ ...original, prisma: new PrismaClient({ adapter: countingFactory(factory) }) });
});

afterAll(() => {
  useDatabase(original);
});

const open = (agentId: string, message: string) => openTurnWithoutJob(world.people.owner.actor.userId, agentId, message);

async function measure(turnId: string): Promise<TCount> {
  count.statements = [];
  count.transactions = 0;
  counting = true;
  try {
    await runTurn(turnId);
  } finally {
    counting = false;
  }
  return { statements: [...count.statements], transactions: count.transactions };
}

const reads = (cost: TCount, table: string) => cost.statements.filter((sql) => sql.trimStart().startsWith("SELECT") && new RegExp(`FROM ("public"\\.)?"?${table}"?[\\s]`).test(sql)).length;
const report = (name: string, cost: TCount) =>
  console.log(`${name}: ${cost.statements.length} statements, ${cost.transactions} transactions\n${cost.statements.map((sql) => `  ${sql.replace(/\s+/g, " ").trim().slice(0, 120)}`).join("\n")}`);

describe("the cost of one turn", () => {
  it("an echo turn reads its turn once, reads no tool calls or catalog, and commits twice", async () => {
    const { sessionId, turnId } = await open(echoAgent, "hello");
    const cost = await measure(turnId);
    report("echo turn", cost);
    expect((await eventsOf(sessionId)).map((event) => event.type)).toEqual(["turn.started", "message.delta", "turn.completed"]);
    expect(reads(cost, "turns")).toBe(1);
    expect(reads(cost, "agent_sessions")).toBe(0);
    expect(reads(cost, "tool_calls")).toBe(0);
    expect(reads(cost, "custom_integrations")).toBe(0);
    // The claim, then the completion with the step's usage.
    expect(cost.transactions).toBe(2);
  });

  it("the claim's joined read returns the turn as Prisma reads it", async () => {
    const { db } = await import("@/server/db/client");
    const { sessionId, turnId } = await open(echoAgent, "read me");
    const claimed = await db().$transaction((tx) => readTurnForClaim(tx, turnId));
    const turn = await db().turn.findUniqueOrThrow({ where: { id: turnId }, select: { organizationId: true, deadlineAt: true, status: true, attempts: true, session: { select: { domainId: true, automationId: true, revision: true } } } });
    expect(claimed).toEqual({ turnId, sessionId, orgId: turn.organizationId, deadlineAt: turn.deadlineAt, status: turn.status, attempts: turn.attempts, ...turn.session });
    expect(await db().$transaction((tx) => readTurnForClaim(tx, crypto.randomUUID()))).toBeNull();
  });

  it("a procedure turn with one tool call (for the record)", async () => {
    const agentId = await publishAgent(world.people.owner.actor, world.acme.ops, { model: "builtin:procedure", procedure: `#service.knowledge.search ${JSON.stringify({ query: "{{message}}", limit: 3 })}` }, { knowledgeSelection: { mode: "domain", moduleIds: [] } });
    const { sessionId, turnId } = await open(agentId, "refunds");
    const cost = await measure(turnId);
    report("procedure turn, one tool call", cost);
    expect((await eventsOf(sessionId)).map((event) => event.type)).toEqual(["turn.started", "tool_call.started", "tool_call.finished", "message.delta", "turn.completed"]);
    expect(reads(cost, "turns")).toBe(1);
  });
});
