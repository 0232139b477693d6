import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld } from "../../../../test/agents-kit";
import { consoleAs } from "../../../../test/console-kit";
import { publishAgent, startEngine, startReceiver, stopEngine, waitForTurn } from "../../../../test/sessions-kit";
import type { TListSessionsRequest } from "@/contracts/session-console/list-sessions";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { createConnection } from "@/server/services/connections/create-connection";
import { createAndPublishFlow } from "@/server/services/flows/create-and-publish-flow";
import { createTrigger } from "@/server/services/triggers/create-trigger";
import { fireTriggerNow } from "@/server/services/triggers/fire-now";
import { subscribeAutomation } from "@/server/services/triggers/subscriptions";

// Run history (/sessions) tells what happened: the last turn's outcome with the code of what
// failed, where the run came from (the API key or trigger by name), agent or flow, revision and
// duration. Real HTTP route, queue, workers and turn loop.

const HTTP = "service.http";
let world: TAgentsWorld;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const ids = {} as Record<"echo" | "refused" | "flow", string>;

beforeAll(async () => {
  world = await agentsWorld();
  receiver = await startReceiver();
  env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
  await startEngine();
  const owner = world.people.owner.actor;
  await createConnection(owner, { domainId: world.acme.ops, integrationId: HTTP, name: "HTTP", token: "org-token" });
  ids.echo = await publishAgent(owner, world.acme.ops, { model: "builtin:echo" });
  // A private address the HTTP tool refuses: the turn completes, its only tool call fails.
  ids.refused = await publishAgent(owner, world.acme.ops, {
    model: "builtin:procedure",
    procedure: `#service.http.get ${JSON.stringify({ url: "http://10.0.0.1/private" })}`,
  });
  const { flow } = await createAndPublishFlow(owner, {
    domainId: world.acme.ops,
    name: "History flow",
    graph: {
      inputSchema: { type: "object", properties: {}, additionalProperties: true },
      steps: [
        {
          id: "post",
          kind: "tool",
          tool: "service.http.post",
          args: { url: `${receiver.base}/flow`, body: "{{input}}" },
        },
      ],
    },
  });
  ids.flow = flow.id;
});

afterAll(async () => {
  await stopEngine();
  await receiver.close();
});

const list = async (input: TListSessionsRequest = {}) =>
  (await (await consoleAs(world.people.operator)).sessionConsole.list(input)).sessions;
const rowOf = async (sessionId: string, input: TListSessionsRequest = {}) =>
  (await list(input)).find((row) => row.id === sessionId);

describe("run history", () => {
  it("names the API key a session was opened with, and times the completed turn", async () => {
    const opened = await api("POST", `/agents/${ids.echo}/sessions`, {
      credential: world.people.operator.key,
      body: { message: "hi" },
    });
    expect(opened.status).toBe(202);
    await waitForTurn(opened.body.executionId);
    const row = await rowOf(opened.body.sessionId);
    expect(row).toMatchObject({
      origin: "api",
      startedVia: { kind: "api_key", name: "tests" },
      automationKind: "agent",
      revision: 1,
      lastRun: { outcome: "completed", errorCode: null },
    });
    expect(row!.lastRun!.durationMs).toEqual(expect.any(Number));
    expect((await list({ origin: "trigger" })).map((one) => one.id)).not.toContain(opened.body.sessionId);
  });

  it("says a turn whose only tool call failed did not simply complete, with the tool's code", async () => {
    const opened = await api("POST", `/agents/${ids.refused}/sessions`, {
      credential: world.people.operator.key,
      body: { message: "go" },
    });
    await waitForTurn(opened.body.executionId);
    const call = await db().toolCall.findFirstOrThrow({
      where: { sessionId: opened.body.sessionId },
      select: { status: true, errorCode: true },
    });
    expect(call.status).toBe("FAILED");
    const row = await rowOf(opened.body.sessionId);
    expect(row!.lastRun).toMatchObject({
      outcome: "tool_failed",
      errorCode: call.errorCode,
      toolName: "service.http.get",
    });
    expect((await list({ outcome: "tool_failed" })).map((one) => one.id)).toContain(opened.body.sessionId);
    expect((await list({ outcome: "completed" })).map((one) => one.id)).not.toContain(opened.body.sessionId);
  });

  it("names the trigger that started a flow run and an agent turn, and tells flows from agents", async () => {
    const owner = world.people.owner.actor;
    const { trigger } = await createTrigger(owner, { domainId: world.acme.ops, name: "Nightly import", type: "api" });
    for (const automationId of [ids.echo, ids.flow])
      await subscribeAutomation(owner, { triggerId: trigger.id, automationId });
    const fired = await fireTriggerNow(world.people.operator.actor, { triggerId: trigger.id, input: { prompt: "x" } });
    const sessionIds = fired.results.map((result) => result.sessionId!);
    const turns = await db().turn.findMany({ where: { sessionId: { in: sessionIds } }, select: { id: true } });
    for (const turn of turns) await waitForTurn(turn.id);

    const rows = (await list({ origin: "trigger" })).filter((row) => sessionIds.includes(row.id));
    expect(rows.map((row) => [row.automationKind, row.origin, row.startedVia?.name]).sort()).toEqual([
      ["agent", "trigger", "Nightly import"],
      ["flow", "trigger", "Nightly import"],
    ]);
    const flows = (await list({ automationKind: "flow" })).map((row) => row.id);
    expect(flows).toContain(rows.find((row) => row.automationKind === "flow")!.id);
    expect(flows).not.toContain(rows.find((row) => row.automationKind === "agent")!.id);
    expect(rows.find((row) => row.automationKind === "flow")!.lastRun).toMatchObject({ outcome: "completed" });
  });

  it("searches the run's input, the automation's name and the trigger's name, with the other filters, never another org's", async () => {
    const owner = world.people.owner.actor;
    const marker = `m${Date.now().toString(36)}`;
    const open = async (agentId: string, message: string, key = world.people.operator.key) => {
      const opened = await api("POST", `/agents/${agentId}/sessions`, { credential: key, body: { message } });
      expect(opened.status).toBe(202);
      return opened.body.sessionId as string;
    };
    const refund = await open(ids.echo, `Refund order ${marker}-4711\nsecond line`);
    const report = await open(ids.echo, `Weekly report ${marker}`);
    const clerk = await publishAgent(
      owner,
      world.acme.ops,
      { model: "builtin:echo" },
      { name: `Invoice clerk ${marker}` },
    );
    const byName = await open(clerk, "hello");
    const { trigger } = await createTrigger(owner, { domainId: world.acme.ops, name: `Digest ${marker}`, type: "api" });
    await subscribeAutomation(owner, { triggerId: trigger.id, automationId: ids.echo });
    const fired = await fireTriggerNow(world.people.operator.actor, { triggerId: trigger.id, input: { prompt: "x" } });
    const byTrigger = fired.results[0]!.sessionId!;
    const globexAgent = await publishAgent(world.people.globexOwner.actor, world.globex.main, {
      model: "builtin:echo",
    });
    await open(globexAgent, `Refund order ${marker}-4711`, world.people.globexOwner.key);

    const found = async (q: string, more: TListSessionsRequest = {}) =>
      (await list({ q, ...more })).map((row) => row.id).sort();
    expect(await found(`${marker}-4711`)).toEqual([refund]);
    expect(await found(`REFUND ORDER ${marker}`)).toEqual([refund]);
    expect(await found(`invoice CLERK ${marker}`)).toEqual([byName]);
    expect(await found(`digest ${marker}`)).toEqual([byTrigger]);
    expect(await found(marker)).toEqual([refund, report, byName, byTrigger].sort());
    // The text narrows what the other filters chose, and the other filters narrow the text.
    expect(await found(marker, { origin: "trigger" })).toEqual([byTrigger]);
    expect(await found(marker, { automationId: clerk })).toEqual([byName]);
    expect(await found(marker, { domainId: world.acme.sales })).toEqual([]);
    expect(await found("second line")).not.toContain(refund);
    // A Viewer of ops sees the domain's runs too; Globex's owner sees only Globex's.
    const viewer = await consoleAs(world.people.viewer);
    expect((await viewer.sessionConsole.list({ q: `${marker}-4711` })).sessions.map((row) => row.id)).toEqual([refund]);
    const globex = await consoleAs(world.people.globexOwner);
    const theirs = (await globex.sessionConsole.list({ q: marker })).sessions;
    expect(theirs.map((row) => row.agent.id)).toEqual([globexAgent]);
    await expect(viewer.sessionConsole.list({ q: "x".repeat(201) })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
