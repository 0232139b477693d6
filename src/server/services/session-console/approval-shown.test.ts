import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld } from "../../../../test/agents-kit";
import { consoleAs } from "../../../../test/console-kit";
import { publishAgent, startEngine, startReceiver, stopEngine, waitForTurn } from "../../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { createConnection } from "@/server/services/connections/create-connection";
import { readSessionDetailsRow } from "@/server/services/sessions/session-details-row";

// An approval's comment and decider are part of the record: GET session returns them on the
// tool call, and while a session waits the console can say who may decide. The record is one
// hand-written statement (session-details-row.ts): its nested instants, order, approvals and
// the viewer's membership must read as the rows hold them, in a process far from UTC, on both
// databases (the driver path on PostgreSQL, Prisma on PGlite).

let world: TAgentsWorld;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let writer: string;

beforeAll(async () => {
  world = await agentsWorld();
  receiver = await startReceiver();
  env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
  await startEngine();
  const owner = world.people.owner.actor;
  await createConnection(owner, {
    domainId: world.acme.ops,
    integrationId: "service.http",
    name: "HTTP",
    token: "org-token",
  });
  const procedure = `#service.http.post ${JSON.stringify({ url: `${receiver.base}/write`, body: { message: "{{message}}" } })}`;
  writer = await publishAgent(owner, world.acme.ops, {
    model: "builtin:procedure",
    procedure,
    approvalTools: ["service.http.post"],
  });
});

afterAll(async () => {
  await stopEngine();
  await receiver.close();
});

async function suspendedSession() {
  const opened = await api("POST", `/agents/${writer}/sessions`, {
    credential: world.people.operator.key,
    body: { message: "ship it" },
  });
  expect(opened.status).toBe(202);
  await waitForTurn(opened.body.executionId, ["SUSPENDED"]);
  return opened.body as { sessionId: string; executionId: string };
}

describe("approval decisions in the record", () => {
  it("names who can decide while the session waits, then returns the decision with its comment and decider", async () => {
    const { sessionId, executionId } = await suspendedSession();
    const approvers = await (await consoleAs(world.people.viewer)).sessionConsole.approvers({ sessionId });
    const domain = await db().domain.findUniqueOrThrow({
      where: { id: world.acme.ops },
      select: { approverRoles: true },
    });
    expect(approvers).toMatchObject({
      pending: true,
      userRouted: false,
      roles: domain.approverRoles.map((role) => role.toLowerCase()),
    });
    const ids = approvers.people.map((person) => person.userId);
    expect(ids).toContain(world.people.operator.actor.userId);
    expect(ids).not.toContain(world.people.viewer.actor.userId);

    const decided = await api("POST", `/agents/sessions/${sessionId}/turn-approval`, {
      credential: world.people.operator.key,
      body: { decision: "rejected", comment: "Not on a Friday" },
    });
    expect(decided.status).toBe(200);
    await waitForTurn(executionId, ["COMPLETED", "FAILED"]);
    const details = await api("GET", `/agents/sessions/${sessionId}`, { credential: world.people.editor.key });
    expect(details.body.turns[0].toolCalls[0]).toMatchObject({
      status: "rejected",
      decision: {
        decision: "rejected",
        comment: "Not on a Friday",
        decidedBy: { userId: world.people.operator.actor.userId, name: world.people.operator.actor.name },
      },
    });
    expect(await (await consoleAs(world.people.viewer)).sessionConsole.approvers({ sessionId })).toMatchObject({
      pending: false,
      people: [],
    });
    const row = (
      await (await consoleAs(world.people.editor)).sessionConsole.list({ outcome: "rejected" })
    ).sessions.find((one) => one.id === sessionId);
    expect(row?.lastRun).toMatchObject({ toolName: "service.http.post" });
  });
});

/** The same rows through Prisma's model API, the reference the statement must agree with. */
const stored = (sessionId: string) =>
  db().agentSession.findUniqueOrThrow({
    where: { id: sessionId },
    select: {
      createdAt: true,
      messages: {
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true, createdAt: true, authorId: true },
      },
      turns: {
        orderBy: { number: "asc" },
        select: {
          id: true,
          createdAt: true,
          finishedAt: true,
          toolCalls: {
            select: {
              id: true,
              args: true,
              approval: { select: { status: true, decidedAt: true, decidedById: true, createdAt: true } },
            },
          },
        },
      },
    },
  });

describe("a session's details row", () => {
  it("reads instants, order, a pending then decided approval and the viewer's role exactly as stored", async () => {
    const zone = process.env.TZ;
    process.env.TZ = "America/Sao_Paulo";
    try {
      const { sessionId, executionId } = await suspendedSession();

      const waiting = (await readSessionDetailsRow(sessionId, world.people.operator.actor.userId))!;
      let reference = await stored(sessionId);
      expect(waiting.createdAt).toEqual(reference.createdAt);
      expect(waiting.domain.memberships).toEqual([{ role: "OPERATOR" }]);
      expect(waiting.messages.map((message) => [message.id, message.createdAt, message.author?.id ?? null])).toEqual(
        reference.messages.map((message) => [message.id, message.createdAt, message.authorId]),
      );
      const [turn] = waiting.turns;
      expect(turn).toMatchObject({
        id: executionId,
        status: "SUSPENDED",
        createdAt: reference.turns[0]!.createdAt,
        finishedAt: null,
      });
      const call = reference.turns[0]!.toolCalls[0]!;
      expect(turn!.toolCalls[0]).toMatchObject({
        id: call.id,
        args: call.args,
        approval: { status: "PENDING", decidedAt: null, decidedBy: null },
      });
      expect(turn!.approvals).toEqual([
        expect.objectContaining({
          toolCallId: call.id,
          toolName: "service.http.post",
          createdAt: call.approval!.createdAt,
        }),
      ]);

      const decided = await api("POST", `/agents/sessions/${sessionId}/turn-approval`, {
        credential: world.people.operator.key,
        body: { decision: "rejected", comment: "Not today" },
      });
      expect(decided.status).toBe(200);
      await waitForTurn(executionId, ["COMPLETED", "FAILED"]);
      const done = (await readSessionDetailsRow(sessionId, null))!;
      reference = await stored(sessionId);
      expect(done.domain.memberships).toEqual([]);
      expect(done.turns[0]!.finishedAt).toEqual(reference.turns[0]!.finishedAt);
      expect(done.turns[0]!.approvals).toEqual([]);
      expect(done.turns[0]!.toolCalls[0]!.approval).toEqual({
        status: "REJECTED",
        comment: "Not today",
        decidedAt: reference.turns[0]!.toolCalls[0]!.approval!.decidedAt,
        decidedBy: { id: world.people.operator.actor.userId, name: world.people.operator.actor.name },
      });
      expect(await readSessionDetailsRow(crypto.randomUUID(), null)).toBeNull();
    } finally {
      process.env.TZ = zone;
    }
  });
});
