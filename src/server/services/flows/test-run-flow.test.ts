import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, type TAgentsWorld } from "../../../../test/agents-kit";
import { consoleAs, refusalOf } from "../../../../test/console-kit";
import { startEngine, startReceiver, stopEngine, waitForTurn } from "../../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { createConnection } from "@/server/services/connections/create-connection";
import { createAndPublishFlow } from "./create-and-publish-flow";
import { createFlow } from "./create-flow";
import { updateFlowGraph } from "./update-flow-graph";

// The console's Run and Test run of a flow, through the console's tRPC procedures, the real
// queue and workers, with a loopback receiver standing in for the upstream.

let world: TAgentsWorld;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const marker = () => `m${crypto.randomUUID().slice(0, 12)}`;
const openSchema = { type: "object", properties: {}, additionalProperties: true };
const postTo = (path: string) => ({
  inputSchema: openSchema,
  steps: [
    {
      id: "post",
      kind: "tool",
      tool: "service.http.post",
      args: { url: `${receiver.base}${path}`, body: "{{input}}" },
    },
  ],
});

async function publishedFlow(path: string) {
  const { flow } = await createAndPublishFlow(world.people.owner.actor, {
    domainId: world.acme.ops,
    name: `Flow ${marker()}`,
    graph: postTo(path) as never,
  });
  return flow.id;
}

beforeAll(async () => {
  world = await agentsWorld();
  receiver = await startReceiver();
  env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
  await startEngine();
  await createConnection(world.people.owner.actor, {
    domainId: world.acme.ops,
    integrationId: "service.http",
    name: "HTTP",
    token: "org-token",
  });
});

afterAll(async () => {
  await stopEngine();
  await receiver.close();
});

describe("flow Test run", () => {
  it("runs the edited draft while Run keeps the published revision; test revisions are never listed", async () => {
    const flowId = await publishedFlow("/published");
    await updateFlowGraph(world.people.owner.actor, { id: flowId, graph: postTo("/draft") as never });
    const editor = await consoleAs(world.people.editor);

    const tried = marker();
    const test = await editor.flows.testRun({ id: flowId, input: { tried } });
    expect(test.testRun).toBe(true);
    expect(test.revision).toBeLessThan(0);
    expect((await waitForTurn(test.executionId)).status).toBe("COMPLETED");
    expect(receiver.withMarker(tried).map((request) => request.path)).toEqual(["/draft"]);

    const ran = marker();
    const run = await editor.flows.run({ id: flowId, input: { ran } });
    expect(run).toMatchObject({ revision: 1, testRun: false });
    await waitForTurn(run.executionId);
    expect(receiver.withMarker(ran).map((request) => request.path)).toEqual(["/published"]);

    expect((await editor.flows.listRevisions({ id: flowId })).revisions.map((revision) => revision.revision)).toEqual([
      1,
    ]);
    expect((await editor.flows.get({ id: flowId })).flow.publishedRevision).toBe(1);
    expect((await editor.flows.publish({ id: flowId })).revision).toBe(2);
    // The run's details and the session list say it is a test run.
    expect((await editor.flows.getRun({ sessionId: test.sessionId })).flowRun).toMatchObject({
      revision: test.revision,
      status: "completed",
    });
    const listed = (await editor.sessionConsole.list({})).sessions.find((session) => session.id === test.sessionId);
    expect(listed).toMatchObject({ testRun: true, origin: "console" });
  });

  it("gives concurrent test runs distinct snapshots, and runs a never-published flow", async () => {
    const flow = await createFlow(world.people.owner.actor, { domainId: world.acme.ops, name: `Draft ${marker()}` });
    await updateFlowGraph(world.people.owner.actor, { id: flow.id, graph: postTo("/never-published") as never });
    const editor = await consoleAs(world.people.editor);
    const runs = await Promise.all([1, 2, 3].map((n) => editor.flows.testRun({ id: flow.id, input: { n } })));
    expect(new Set(runs.map((run) => run.revision)).size).toBe(3);
    for (const run of runs) expect((await waitForTurn(run.executionId)).status).toBe("COMPLETED");
    expect((await editor.flows.listRevisions({ id: flow.id })).revisions).toEqual([]);
    // Run still needs a publish.
    expect(await refusalOf(editor.flows.run({ id: flow.id, input: {} }))).toBe("CONFLICT 409");
  });

  it("refuses an invalid draft (422 with findings), an Operator (403) and callerCredentials (400)", async () => {
    const flowId = await publishedFlow("/published");
    await updateFlowGraph(world.people.owner.actor, {
      id: flowId,
      graph: { inputSchema: openSchema, steps: [{ id: "x", kind: "tool", tool: "nobody.tool", args: {} }] } as never,
    });
    const editor = await consoleAs(world.people.editor);
    const error = await editor.flows.testRun({ id: flowId, input: {} }).then(
      () => null,
      (caught: { cause?: { code: string; status: number; details?: { findings?: unknown[] } } }) => caught.cause,
    );
    expect(error).toMatchObject({ code: "VALIDATION", status: 422 });
    expect(error?.details?.findings?.length).toBeGreaterThan(0);
    expect(await db().automationRevision.count({ where: { automationId: flowId } })).toBe(1);

    expect(await refusalOf((await consoleAs(world.people.operator)).flows.testRun({ id: flowId, input: {} }))).toBe(
      "FORBIDDEN 403",
    );
    expect(await refusalOf((await consoleAs(world.people.viewer)).flows.run({ id: flowId, input: {} }))).toBe(
      "FORBIDDEN 403",
    );
    const callerCredentials = { integrations: { "service.http": { token: "t" } } };
    for (const procedure of [editor.flows.testRun, editor.flows.run]) {
      expect(await refusalOf(procedure({ id: flowId, input: {}, callerCredentials } as never))).toMatch(
        /^VALIDATION [\s\S]*console never takes caller credentials/,
      );
    }
  });
});
