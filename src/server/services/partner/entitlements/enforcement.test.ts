import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld, type TPerson } from "../../../../../test/agents-kit";
import { consoleAs, refusalOf } from "../../../../../test/console-kit";
import { partnerApi, partnerWithFollower } from "../../../../../test/entitlements-kit";
import { publishAgent, startEngine, stopEngine, waitForTurn } from "../../../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { runningQueue } from "@/server/jobs/queue";
import { handleMcpRequest } from "@/server/mcp/handle-mcp-request";
import { createAndPublishFlow } from "@/server/services/flows/create-and-publish-flow";
import { listAgentTools } from "@/server/services/mcp/list-agent-tools";
import type { TCreateTriggerRequest } from "@/contracts/triggers/create-trigger";
import { createConnection } from "@/server/services/connections/create-connection";
import { createTrigger } from "@/server/services/triggers/create-trigger";
import { receiveEvent } from "@/server/services/triggers/receive-event";
import { enableEventTriggers } from "@/server/services/triggers/rollout";
import { fireDueSchedules } from "@/server/services/triggers/fire-due-schedules";
import { subscribeAutomation } from "@/server/services/triggers/subscriptions";

// A disabled automation never runs, at every entry point, and the refusal or skip names why;
// ordinary organizations (no entitlement rows) are untouched. Real queue, workers and routes.

let world: Awaited<ReturnType<typeof partnerWithFollower>>;
let acme: TAgentsWorld;
const ids = {} as Record<"off" | "on" | "offFlow" | "askOff" | "acmeAgent", string>;
const PARTNER_SAYS = /partner has not enabled this automation/;

async function setEnabled(automationId: string, enabled: boolean) {
  const response = await partnerApi(
    "PATCH",
    `/organizations/${world.orgId}/automations/${automationId}/entitlement`,
    world.partner.key,
    { enabled },
  );
  expect(response.status).toBe(200);
}

const sessionsOf = (automationId: string) => db().agentSession.count({ where: { automationId } });
const turnJobCount = async () => {
  const [row] = await db().$queryRawUnsafe<Array<{ count: number }>>(
    `SELECT count(*)::int AS count FROM ${runningQueue()!.schema}.job WHERE name = 'agent-turn'`,
  );
  return row!.count;
};

beforeAll(async () => {
  world = await partnerWithFollower();
  acme = await agentsWorld();
  await startEngine();
  const owner = world.owner.actor;
  ids.off = await publishAgent(owner, world.domainId, { model: "builtin:echo" }, { name: "Disabled echo" });
  ids.on = await publishAgent(owner, world.domainId, { model: "builtin:echo" }, { name: "Enabled echo" });
  const graph = {
    inputSchema: { type: "object", properties: {}, additionalProperties: true },
    steps: [{ id: "t", kind: "transform", output: { ok: true } }],
  };
  ids.offFlow = (await createAndPublishFlow(owner, { domainId: world.domainId, name: "Disabled flow", graph })).flow.id;
  const askGraph = { ...graph, steps: [{ id: "ask", kind: "agent", automationId: ids.off, prompt: "Hello" }] };
  ids.askOff = (
    await createAndPublishFlow(owner, { domainId: world.domainId, name: "Asks the disabled agent", graph: askGraph })
  ).flow.id;
  ids.acmeAgent = await publishAgent(acme.people.owner.actor, acme.acme.ops, { model: "builtin:echo" });
  await setEnabled(ids.off, false);
  await setEnabled(ids.offFlow, false);
});

afterAll(async () => {
  await stopEngine();
});

describe("a disabled automation never starts", () => {
  it("POST /agents/:id/sessions is 403 AUTOMATION_DISABLED naming why, and creates nothing", async () => {
    const jobsBefore = await turnJobCount();
    const refused = await api("POST", `/agents/${ids.off}/sessions`, {
      credential: world.operator.key,
      body: { message: "hi" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("AUTOMATION_DISABLED");
    expect(refused.body.error.message).toMatch(PARTNER_SAYS);
    expect(await sessionsOf(ids.off)).toBe(0);
    // The job is inserted by the start's own statement, under the same rule: none was queued.
    expect(await turnJobCount()).toBe(jobsBefore);
    const opened = await api("POST", `/agents/${ids.on}/sessions`, {
      credential: world.operator.key,
      body: { message: "hi" },
    });
    expect(opened.status).toBe(202);
  });

  it("the console's Run, Test run, chat and flow Run are refused the same way", async () => {
    const asOwner = await consoleAs(world.owner);
    expect(await refusalOf(asOwner.agents.run({ id: ids.off, message: "hi" }))).toBe("AUTOMATION_DISABLED 403");
    expect(await refusalOf(asOwner.agents.testRun({ id: ids.off, message: "hi" }))).toBe("AUTOMATION_DISABLED 403");
    expect(await refusalOf(asOwner.sessionConsole.openChat({ automationId: ids.off, message: "hi" }))).toBe(
      "AUTOMATION_DISABLED 403",
    );
    expect(await refusalOf(asOwner.flows.run({ id: ids.offFlow, input: {} }))).toBe("AUTOMATION_DISABLED 403");
    expect(await refusalOf(asOwner.flows.testRun({ id: ids.offFlow, input: {} }))).toBe("AUTOMATION_DISABLED 403");
    expect(await sessionsOf(ids.off)).toBe(0);
    expect(await sessionsOf(ids.offFlow)).toBe(0);
    // Refused before anything was written: no test-run revision was left behind either.
    expect(await db().automationRevision.count({ where: { automationId: ids.off, revision: { lt: 0 } } })).toBe(0);
  });

  it("a later message to a session of an agent disabled since is refused (API and console)", async () => {
    const opened = await api("POST", `/agents/${ids.on}/sessions`, {
      credential: world.operator.key,
      body: { message: "first" },
    });
    await waitForTurn(opened.body.executionId);
    await setEnabled(ids.on, false);
    try {
      const refused = await api("POST", `/agents/sessions/${opened.body.sessionId}/messages`, {
        credential: world.operator.key,
        body: { message: "second" },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe("AUTOMATION_DISABLED");
      expect(
        await refusalOf(
          (await consoleAs(world.owner)).sessionConsole.postMessage({
            sessionId: opened.body.sessionId,
            message: "second",
          }),
        ),
      ).toBe("AUTOMATION_DISABLED 403");
      expect(await db().turn.count({ where: { sessionId: opened.body.sessionId } })).toBe(1);
    } finally {
      await setEnabled(ids.on, true);
    }
    const resumed = await api("POST", `/agents/sessions/${opened.body.sessionId}/messages`, {
      credential: world.operator.key,
      body: { message: "third" },
    });
    expect(resumed.status).toBe(200);
  });

  it("a trigger's fan-out skips a disabled subscriber, records why, and starts the others", async () => {
    const { trigger } = await createTrigger(world.owner.actor, {
      type: "api",
      domainId: world.domainId,
      name: "Fan-out",
    } as Parameters<typeof createTrigger>[1]);
    for (const automationId of [ids.off, ids.on, ids.offFlow])
      await subscribeAutomation(world.owner.actor, { triggerId: trigger.id, automationId });
    const response = await api("POST", "/triggers/fire", {
      credential: world.operator.key,
      body: { triggerId: trigger.id, input: { prompt: "go" } },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(202);
    expect(response.body.sessions.map((s: { automationId: string }) => s.automationId)).toEqual([ids.on]);
    const firing = await db().triggerFiring.findFirstOrThrow({
      where: { triggerId: trigger.id },
      include: { results: true },
    });
    const byAutomation = Object.fromEntries(firing.results.map((result) => [result.automationId, result]));
    expect(byAutomation[ids.on]).toMatchObject({ outcome: "STARTED" });
    for (const id of [ids.off, ids.offFlow]) {
      expect(byAutomation[id]).toMatchObject({ outcome: "SKIPPED", errorCode: "AUTOMATION_DISABLED", sessionId: null });
      expect(byAutomation[id]!.errorMessage).toMatch(PARTNER_SAYS);
    }
  });

  it("a schedule's fan-out skips it the same way (schedules and events share the fan-out)", async () => {
    const { trigger } = await createTrigger(world.owner.actor, {
      type: "schedule",
      domainId: world.domainId,
      name: "Nightly",
      cron: "*/5 * * * *",
      timezone: "UTC",
    });
    for (const automationId of [ids.off, ids.on])
      await subscribeAutomation(world.owner.actor, { triggerId: trigger.id, automationId });
    await db().trigger.update({ where: { id: trigger.id }, data: { nextFireAt: new Date("2026-01-01T10:05:00Z") } });
    await fireDueSchedules(new Date("2026-01-01T10:05:02Z"));
    const firing = await db().triggerFiring.findFirstOrThrow({
      where: { triggerId: trigger.id },
      include: { results: true },
    });
    const outcomes = Object.fromEntries(
      firing.results.map((result) => [result.automationId, [result.outcome, result.errorCode]]),
    );
    expect(outcomes).toEqual({ [ids.off]: ["SKIPPED", "AUTOMATION_DISABLED"], [ids.on]: ["STARTED", null] });
  });

  it("an event delivered to an event trigger's ingress skips it the same way", async () => {
    const owner = world.owner.actor;
    await enableEventTriggers(world.orgId);
    const { connection } = await createConnection(owner, {
      domainId: world.domainId,
      integrationId: "service.http",
      name: "HTTP",
      token: "org-token",
    });
    const { trigger } = await createTrigger(owner, {
      type: "event",
      domainId: world.domainId,
      name: "On webhook",
      sourceIntegrationId: "service.http",
      connectionId: connection.id,
      eventType: "webhook.received",
    } as TCreateTriggerRequest);
    for (const automationId of [ids.off, ids.on])
      await subscribeAutomation(owner, { triggerId: trigger.id, automationId });
    const { ingressToken } = await db().trigger.findUniqueOrThrow({
      where: { id: trigger.id },
      select: { ingressToken: true },
    });
    const received = await receiveEvent({
      token: ingressToken!,
      headers: new Headers({ "content-type": "application/json" }),
      rawBody: JSON.stringify({ payload: { kind: "order" } }),
    });
    expect(received.replayed).toBe(false);
    const firing = await db().triggerFiring.findFirstOrThrow({
      where: { triggerId: trigger.id },
      include: { results: true },
    });
    const outcomes = Object.fromEntries(
      firing.results.map((result) => [result.automationId, [result.outcome, result.errorCode]]),
    );
    expect(outcomes).toEqual({ [ids.off]: ["SKIPPED", "AUTOMATION_DISABLED"], [ids.on]: ["STARTED", null] });
  });

  it("a flow's agent step on a disabled agent fails naming why", async () => {
    const started = await (await consoleAs(world.owner)).flows.run({ id: ids.askOff, input: {} });
    await waitForTurn(started.executionId);
    const flowRun = await db().flowRun.findUniqueOrThrow({
      where: { id: started.flowRunId! },
      include: { steps: true },
    });
    expect(flowRun.status).toBe("FAILED");
    expect(flowRun.steps[0]).toMatchObject({ stepId: "ask", status: "FAILED", errorCode: "AUTOMATION_DISABLED" });
    expect(flowRun.steps[0]!.errorMessage).toMatch(PARTNER_SAYS);
    expect(await sessionsOf(ids.off)).toBe(0);
  });
});

describe("MCP", () => {
  async function connect(who: TPerson) {
    const transport = new StreamableHTTPClientTransport(new URL("http://127.0.0.1/api/v1/mcp"), {
      fetch: (url, init) => handleMcpRequest(new Request(url, init)),
      requestInit: { headers: { authorization: `Bearer ${who.key}` } },
    });
    const client = new Client({ name: "vitest", version: "1.0.0" });
    await client.connect(transport);
    return client;
  }

  it("tools/list hides a disabled agent and tools/call of its name is refused as disabled", async () => {
    const tools = await listAgentTools(world.operator.actor);
    const disabled = tools.find((tool) => tool.agentId === ids.off)!;
    expect(disabled.enabled).toBe(false);
    const client = await connect(world.operator);
    const listed = (await client.listTools()).tools.map((tool) => tool.name);
    expect(listed).toContain(tools.find((tool) => tool.agentId === ids.on)!.toolName);
    expect(listed).not.toContain(disabled.toolName);
    const call = await client.callTool({ name: disabled.toolName, arguments: { message: "hi" } });
    expect(call.isError).toBe(true);
    expect(JSON.stringify(call.content)).toContain(`${disabled.toolName} disabled`);
    await client.close();
    expect(await sessionsOf(ids.off)).toBe(0);
  });
});

describe("ordinary organizations", () => {
  it("are unaffected: no entitlement rows, every agent listed and runnable", async () => {
    expect(await db().automationEntitlement.count({ where: { organizationId: acme.acme.id } })).toBe(0);
    expect((await listAgentTools(acme.people.operator.actor)).every((tool) => tool.enabled)).toBe(true);
    const opened = await api("POST", `/agents/${ids.acmeAgent}/sessions`, {
      credential: acme.people.operator.key,
      body: { message: "hi" },
    });
    expect(opened.status).toBe(202);
  });
});
