import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld } from "../../../../test/agents-kit";
import { consoleAs, refusalOf } from "../../../../test/console-kit";
import { publishAgent, startEngine, startReceiver, stopEngine, waitForTurn } from "../../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { createConnection } from "@/server/services/connections/create-connection";

// The session page names the agent and the revision that ran each turn, and how long each tool
// call took. Real HTTP route, queue, workers and turn loop.

let world: TAgentsWorld;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let agentId: string;

beforeAll(async () => {
  world = await agentsWorld();
  receiver = await startReceiver();
  env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
  await startEngine();
  const owner = world.people.owner.actor;
  await createConnection(owner, { domainId: world.acme.ops, integrationId: "service.http", name: "HTTP", token: "t" });
  agentId = await publishAgent(owner, world.acme.ops, {
    model: "builtin:procedure",
    procedure: `#service.http.post ${JSON.stringify({ url: `${receiver.base}/facts`, body: "{{message}}" })}`,
  });
});

afterAll(async () => {
  await stopEngine();
  await receiver.close();
});

describe("session run facts", () => {
  it("names the agent and the revision each turn ran, and times each tool call", async () => {
    const opened = await api("POST", `/agents/${agentId}/sessions`, {
      credential: world.people.operator.key,
      body: { message: "hello" },
    });
    expect(opened.status).toBe(202);
    expect((await waitForTurn(opened.body.executionId)).status).toBe("COMPLETED");

    const facts = await (
      await consoleAs(world.people.viewer)
    ).sessionConsole.runFacts({
      sessionId: opened.body.sessionId,
    });
    const agent = await db().automation.findUniqueOrThrow({ where: { id: agentId }, select: { name: true } });
    expect(facts.automation).toEqual({
      id: agentId,
      kind: "agent",
      name: agent.name,
      domainId: world.acme.ops,
      publishedRevision: 1,
    });
    expect(facts.revision).toMatchObject({ number: 1, testRun: false, changeNote: "test" });
    expect(facts.turns).toEqual([
      expect.objectContaining({ executionId: opened.body.executionId, number: 1, revision: 1 }),
    ]);
    const call = await db().toolCall.findFirstOrThrow({
      where: { sessionId: opened.body.sessionId },
      select: { id: true, startedAt: true, finishedAt: true },
    });
    expect(facts.toolCalls).toEqual([
      {
        id: call.id,
        executionId: opened.body.executionId,
        startedAt: call.startedAt!.toISOString(),
        finishedAt: call.finishedAt!.toISOString(),
        durationMs: call.finishedAt!.getTime() - call.startedAt!.getTime(),
      },
    ]);
    expect(facts.turns[0]!.durationMs).toEqual(expect.any(Number));
  });

  it("is the session's uniform 404 for people who cannot see the session", async () => {
    const opened = await api("POST", `/agents/${agentId}/sessions`, {
      credential: world.people.operator.key,
      body: { message: "again" },
    });
    await waitForTurn(opened.body.executionId);
    for (const who of ["salesEditor", "globexOwner"] as const)
      expect(
        await refusalOf(
          (await consoleAs(world.people[who])).sessionConsole.runFacts({ sessionId: opened.body.sessionId }),
        ),
        who,
      ).toBe("NOT_FOUND 404");
  });
});
