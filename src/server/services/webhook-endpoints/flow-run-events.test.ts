import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld } from "../../../../test/agents-kit";
import { startEngine, stopEngine, waitForTurn } from "../../../../test/sessions-kit";
import { startWebhookReceiver } from "../../../../test/webhook-receiver";
import type { TRunFlowRequest } from "@/contracts/flows/runs";
import { env } from "@/server/env";
import { createAndPublishAgent } from "@/server/services/agents/create-and-publish-agent";
import { createAndPublishFlow } from "@/server/services/flows/create-and-publish-flow";
import { createTrigger } from "@/server/services/triggers/create-trigger";
import { subscribeAutomation } from "@/server/services/triggers/subscriptions";
import { runFlowByHand } from "@/server/services/flows/run-flow";
import { decideApproval } from "@/server/services/sessions/decide-approval";

// A flow run's settle as the organization's endpoint hears it: run.completed, turn.suspended at
// an approval step, run.failed when the approval is rejected; each signed, on the real engine.

let world: TAgentsWorld;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let secret = "unset";

beforeAll(async () => {
  receiver = await startWebhookReceiver(() => secret);
  env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
  await startEngine();
  world = await agentsWorld();
  const created = await api("POST", "/webhook-endpoints", {
    credential: world.people.owner.key,
    body: { url: receiver.url, eventTypes: ["run.completed", "run.failed", "turn.suspended", "turn.completed"] },
  });
  expect(created.status).toBe(201);
  secret = created.body.secret;
});

afterAll(async () => {
  await stopEngine();
  await receiver.close();
});

async function runFlow(steps: unknown[]) {
  const { flow } = await createAndPublishFlow(world.people.owner.actor, {
    domainId: world.acme.ops,
    name: `Flow ${crypto.randomUUID().slice(0, 8)}`,
    graph: { inputSchema: { type: "object", properties: {}, additionalProperties: true }, steps },
  });
  const started = await runFlowByHand(world.people.operator.actor, {
    id: flow.id,
    input: {} as TRunFlowRequest["input"],
  });
  await waitForTurn(started.executionId);
  return { ...started, flowId: flow.id };
}

/** The verified events about one session the receiver got, waiting for `count` of them. */
async function eventsAbout(sessionId: string, count: number) {
  const about = () =>
    receiver.hits
      .filter((hit) => hit.body.includes(sessionId))
      .map((hit) => ({ verified: hit.verified, ...(JSON.parse(hit.body) as { type: string; data: object }) }));
  await expect.poll(() => about().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return about();
}

describe("flow run events", () => {
  it("announces a completed run as run.completed with its runId", async () => {
    const started = await runFlow([{ id: "t", kind: "transform", output: { done: true } }]);
    const [event] = await eventsAbout(started.sessionId, 1);
    expect(event).toMatchObject({
      verified: true,
      type: "run.completed",
      data: {
        runId: started.flowRunId,
        sessionId: started.sessionId,
        executionId: started.executionId,
        automationId: started.flowId,
        triggerId: null,
        status: "completed",
        error: null,
      },
    });
  });

  it("announces an approval step as turn.suspended, and its rejection as run.failed", async () => {
    const started = await runFlow([
      { id: "approve", kind: "approval", title: "Go?" },
      { id: "after", kind: "transform", output: "never" },
    ]);
    const [suspended] = await eventsAbout(started.sessionId, 1);
    expect(suspended).toMatchObject({
      verified: true,
      type: "turn.suspended",
      data: { runId: started.flowRunId, status: "suspended", approvalId: expect.any(String) },
    });
    await decideApproval(world.people.owner.actor, { sessionId: started.sessionId, decision: "rejected" });
    await waitForTurn(started.executionId, ["FAILED"]);
    const events = await eventsAbout(started.sessionId, 2);
    expect(events[1]).toMatchObject({
      verified: true,
      type: "run.failed",
      data: { runId: started.flowRunId, status: "failed", error: { code: "APPROVAL_REJECTED" } },
    });
  });

  it("names the trigger whose firing started the work, for an agent's turn and a flow's run alike", async () => {
    const owner = world.people.owner.actor;
    const { agent } = await createAndPublishAgent(owner, {
      domainId: world.acme.ops,
      name: `Fired ${crypto.randomUUID().slice(0, 8)}`,
      setup: { model: "builtin:echo" },
    });
    const { flow } = await createAndPublishFlow(owner, {
      domainId: world.acme.ops,
      name: `Fired flow ${crypto.randomUUID().slice(0, 8)}`,
      graph: {
        inputSchema: { type: "object", properties: {}, additionalProperties: true },
        steps: [{ id: "t", kind: "transform", output: { done: true } }],
      },
    });
    const { trigger } = await createTrigger(owner, { type: "api", domainId: world.acme.ops, name: "Orders" });
    for (const automationId of [agent.id, flow.id])
      await subscribeAutomation(owner, { triggerId: trigger.id, automationId });
    const fired = await api("POST", "/triggers/fire", {
      credential: world.people.owner.key,
      body: { triggerId: trigger.id, input: { prompt: "hello" } },
    });
    expect(fired.status).toBe(202);
    const sessions = fired.body.sessions as Array<{ automationId: string; sessionId: string }>;
    const types = new Map([
      [agent.id, "turn.completed"],
      [flow.id, "run.completed"],
    ]);
    for (const { automationId, sessionId } of sessions) {
      const [event] = await eventsAbout(sessionId, 1);
      expect(event).toMatchObject({ type: types.get(automationId), data: { automationId, triggerId: trigger.id } });
    }
    expect(sessions).toHaveLength(2);
  });
});
