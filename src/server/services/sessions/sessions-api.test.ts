import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, flow, type TAgentsWorld } from "../../../../test/agents-kit";
import { eventsOf, publishAgent, startEngine, stopEngine, waitForTurn } from "../../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { createAgent } from "@/server/services/agents/create-agent";
import { publishAgent as publishRevision } from "@/server/services/agents/publish-agent";
import { updateAgentSetup } from "@/server/services/agents/update-agent-setup";
import { openSession } from "@/server/services/sessions/open-session";

let world: TAgentsWorld;
let echoId: string;
let salesEchoId: string;

beforeAll(async () => {
  world = await agentsWorld();
  await startEngine();
  echoId = await publishAgent(world.people.owner.actor, world.acme.ops, {
    model: "builtin:echo",
    principles: "Answer.",
  });
  salesEchoId = await publishAgent(world.people.owner.actor, world.acme.sales, { model: "builtin:echo" });
});

afterAll(async () => {
  await stopEngine();
});

const open = (key: string, automationId: string, body: unknown = { message: "hello" }) =>
  api("POST", `/agents/${automationId}/sessions`, { credential: key, body });

describe("POST /agents/{automationId}/sessions", () => {
  it("opens a domain session on the published revision, runs builtin:echo, and records the reply and events", async () => {
    const { people } = world;
    const response = await open(people.operator.key, echoId, { message: "  hello there  " });
    expect(response.status).toBe(202);
    const { sessionId, executionId } = response.body;
    expect(await waitForTurn(executionId)).toMatchObject({ status: "COMPLETED" });

    const details = await api("GET", `/agents/sessions/${sessionId}`, { credential: people.operator.key });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      id: sessionId,
      automationId: echoId,
      domainId: world.acme.ops,
      kind: "domain",
      origin: "api",
      revision: 1,
      state: "idle",
      archived: false,
      pendingApproval: null,
      pendingApprovalId: null,
      canParticipate: true,
      canManage: true,
      readOnlyReason: null,
    });
    expect(details.body.messages.map((m: { role: string; body: string }) => [m.role, m.body])).toEqual([
      ["user", "hello there"],
      ["assistant", "Echo: hello there"],
    ]);
    expect(details.body.messages[0].author).toEqual({
      userId: people.operator.actor.userId,
      name: people.operator.actor.name,
      isYou: true,
    });
    expect(details.body.messages[1].author).toBeNull();
    expect(details.body.turns).toEqual([
      expect.objectContaining({ executionId, status: "completed", errorCode: null, toolCalls: [] }),
    ]);

    const types = (await eventsOf(sessionId)).map((event) => event.type);
    expect(types).toEqual(["session.changed", "turn.started", "message.delta", "turn.completed"]);
    // Built-in models report estimated usage at zero cost, so budgets apply offline.
    const usage = await db().turn.findUniqueOrThrow({
      where: { id: executionId },
      select: { inputTokens: true, outputTokens: true, costMicroUsd: true },
    });
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(usage.outputTokens).toBe(Math.ceil("Echo: hello there".length / 4));
    expect(usage.costMicroUsd).toBe(0n);
  });

  it("keeps a session on the revision it opened with after a new publish", async () => {
    const { people, acme } = world;
    const agentId = await publishAgent(people.owner.actor, acme.ops, { model: "builtin:echo" });
    const { sessionId, executionId } = (await open(people.owner.key, agentId, { message: "one" })).body;
    await waitForTurn(executionId);
    await updateAgentSetup(people.owner.actor, { id: agentId, model: "builtin:procedure", procedure: "" });
    await publishRevision(people.owner.actor, { id: agentId });
    const next = await api("POST", `/agents/sessions/${sessionId}/messages`, {
      credential: people.owner.key,
      body: { message: "two" },
    });
    await waitForTurn(next.body.executionId);
    const details = (await api("GET", `/agents/sessions/${sessionId}`, { credential: people.owner.key })).body;
    expect(details.revision).toBe(1);
    expect(details.messages.at(-1).body).toBe("Echo: two");
    const fresh = (await open(people.owner.key, agentId, { message: "three" })).body;
    await waitForTurn(fresh.executionId);
    const freshDetails = (await api("GET", `/agents/sessions/${fresh.sessionId}`, { credential: people.owner.key }))
      .body;
    expect(freshDetails.revision).toBe(2);
    expect(freshDetails.messages.at(-1).body).toContain("Done");
  });

  it("validates the body strictly and bounds the message", async () => {
    const key = world.people.owner.key;
    expect((await open(key, echoId, { message: "   " })).body.error.code).toBe("VALIDATION");
    expect((await open(key, echoId, { message: "x".repeat(8_001) })).status).toBe(400);
    expect((await open(key, echoId, { message: `  ${"x".repeat(8_000)}  ` })).status).toBe(202);
    expect((await open(key, echoId, { message: "hi", extra: 1 })).status).toBe(400);
    expect(
      (
        await open(key, echoId, {
          message: "hi",
          callerCredentials: { integrations: { "service.http": { fields: {} } } },
        })
      ).status,
    ).toBe(400);
  });

  it("answers 404 for unknown, other-org, flow, unpublished and non-member targets, and 403 for a Viewer", async () => {
    const { people, acme } = world;
    const draft = await createAgent(people.owner.actor, { domainId: acme.ops, name: "Draft" });
    const aFlow = await flow(acme.id, acme.ops);
    for (const id of [crypto.randomUUID(), "not-a-uuid", draft.id, aFlow.id]) {
      const response = await open(people.owner.key, id);
      expect(response.status, id).toBe(404);
      expect(response.body.error.code).toBe("NOT_FOUND");
    }
    expect((await open(people.globexOwner.key, echoId)).status).toBe(404);
    expect((await open(people.orgAdmin.key, echoId)).status).toBe(404);
    expect((await open(people.operator.key, salesEchoId)).status).toBe(404);
    const viewer = await open(people.viewer.key, echoId);
    expect(viewer.status).toBe(403);
    expect(viewer.body.error.code).toBe("FORBIDDEN");
    expect((await open("yk_invalid", echoId)).status).toBe(404);
    expect((await open(people.owner.token, echoId)).status).toBe(404);
  });
});

describe("session visibility and driving", () => {
  it("lets domain members read, the owner and Operators+ drive, and refuses Viewers with SESSION_NOT_DRIVABLE", async () => {
    const { people } = world;
    const { sessionId, executionId } = (await open(people.operator.key, echoId, { message: "first" })).body;
    await waitForTurn(executionId);

    const asViewer = await api("GET", `/agents/sessions/${sessionId}`, { credential: people.viewer.key });
    expect(asViewer.status).toBe(200);
    expect(asViewer.body).toMatchObject({ canParticipate: false, canManage: false, readOnlyReason: "not_permitted" });
    expect(asViewer.body.messages[0].author.isYou).toBe(false);
    const asOperatorOwner = await api("GET", `/agents/sessions/${sessionId}`, { credential: people.operator.key });
    expect(asOperatorOwner.body).toMatchObject({ canParticipate: true, canManage: true });
    const asEditor = await api("GET", `/agents/sessions/${sessionId}`, { credential: people.editor.key });
    expect(asEditor.body).toMatchObject({ canParticipate: true, canManage: true });

    for (const person of [people.orgAdmin, people.globexOwner, people.salesEditor]) {
      expect((await api("GET", `/agents/sessions/${sessionId}`, { credential: person.key })).status).toBe(404);
    }
    expect((await api("GET", `/agents/sessions/${crypto.randomUUID()}`, { credential: people.owner.key })).status).toBe(
      404,
    );

    const refused = await api("POST", `/agents/sessions/${sessionId}/messages`, {
      credential: people.viewer.key,
      body: { message: "may I?" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("SESSION_NOT_DRIVABLE");
    expect(
      (
        await api("POST", `/agents/sessions/${sessionId}/messages`, {
          credential: people.orgAdmin.key,
          body: { message: "x" },
        })
      ).status,
    ).toBe(404);

    // No workers while the third message arrives: an echo turn can otherwise finish before it.
    await stopEngine();
    await startEngine({ workers: false });
    const second = await api("POST", `/agents/sessions/${sessionId}/messages`, {
      credential: people.editor.key,
      body: { message: "second" },
    });
    expect(second.status).toBe(200);
    // Never refused because the session is busy: the third supersedes the second's turn (not started yet).
    const third = await api("POST", `/agents/sessions/${sessionId}/messages`, {
      credential: people.operator.key,
      body: { message: "third" },
    });
    expect(third.status).toBe(200);
    expect(third.body.executionId).not.toBe(second.body.executionId);
    await stopEngine();
    await startEngine();
    await waitForTurn(third.body.executionId);

    const details = (await api("GET", `/agents/sessions/${sessionId}`, { credential: people.operator.key })).body;
    expect(details.messages.map((m: { body: string }) => m.body)).toEqual([
      "first",
      "Echo: first",
      "second",
      expect.stringMatching(/^The turn was cancelled \(TURN_CANCELLED\)/),
      "third",
      "Echo: third",
    ]);
    expect(details.messages[2].author).toMatchObject({ userId: people.editor.actor.userId, isYou: false });
    expect(details.turns.map((t: { status: string }) => t.status)).toEqual(["completed", "failed", "completed"]);
  });

  it("shows a personal chat only to its creator, whatever their roles", async () => {
    const { people } = world;
    const { sessionId, executionId } = await openSession(people.operator.actor, {
      automationId: echoId,
      message: "private",
      kind: "personal",
      origin: "console",
    });
    await waitForTurn(executionId);
    const mine = await api("GET", `/agents/sessions/${sessionId}`, { credential: people.operator.key });
    expect(mine.body).toMatchObject({ kind: "personal", origin: "console", canParticipate: true });
    for (const other of [people.owner, people.editor, people.viewer, people.orgAdmin]) {
      expect((await api("GET", `/agents/sessions/${sessionId}`, { credential: other.key })).status).toBe(404);
      expect(
        (await api("POST", `/agents/sessions/${sessionId}/messages`, { credential: other.key, body: { message: "x" } }))
          .status,
      ).toBe(404);
    }
  });

  it("refuses messages to an archived session as read-only", async () => {
    const { people } = world;
    const { sessionId, executionId } = (await open(people.owner.key, echoId)).body;
    await waitForTurn(executionId);
    await db().agentSession.update({ where: { id: sessionId }, data: { archivedAt: new Date() } });
    const details = (await api("GET", `/agents/sessions/${sessionId}`, { credential: people.owner.key })).body;
    expect(details).toMatchObject({ archived: true, canParticipate: false, readOnlyReason: "archived" });
    const refused = await api("POST", `/agents/sessions/${sessionId}/messages`, {
      credential: people.owner.key,
      body: { message: "more" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("SESSION_NOT_DRIVABLE");
  });
});
