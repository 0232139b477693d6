import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld } from "../../../../test/agents-kit";
import { publishAgent, startEngine, startReceiver, stopEngine, waitForTurn } from "../../../../test/sessions-kit";
import { exampleFlowInput } from "@/contracts/triggers/fire-trigger";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { createConnection } from "@/server/services/connections/create-connection";
import { createAndPublishFlow } from "@/server/services/flows/create-and-publish-flow";
import { createTrigger } from "./create-trigger";
import { fireTriggerNow } from "./fire-now";
import { triggerHistory } from "./run-history";
import { subscribeAutomation } from "./subscriptions";

// A firing whose input does not match a flow subscriber's declared inputs: the flow is refused
// per subscriber (FLOW_INPUT_INVALID, in run history and the console's Fire now answer) and
// no run of it starts, while the other subscribers start; a matching input runs the flow.
// Through POST /api/v1/triggers/fire, the real queue and workers, and a loopback receiver.

const INPUT_SCHEMA = {
  type: "object",
  properties: {
    orderId: { type: "string" },
    quantity: { type: "integer", minimum: 1 },
    express: { type: "boolean" },
    contact: { type: "string", format: "email" },
  },
  required: ["orderId", "quantity"],
  additionalProperties: false,
};

let world: TAgentsWorld;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const ids = {} as Record<"flow" | "echo" | "trigger", string>;
const marker = () => `m${crypto.randomUUID().slice(0, 12)}`;

const fire = (input: unknown) =>
  api("POST", "/triggers/fire", { credential: world.people.operator.key, body: { triggerId: ids.trigger, input } });

/** The firing's result for the flow, and whether any session of the flow exists since `since`. */
async function flowResultOf(since: Date) {
  const [firing] = await db().triggerFiring.findMany({
    where: { triggerId: ids.trigger, createdAt: { gte: since } },
    include: { results: true },
    orderBy: { createdAt: "desc" },
    take: 1,
  });
  const sessions = await db().agentSession.count({ where: { automationId: ids.flow, createdAt: { gte: since } } });
  return { result: firing!.results.find((result) => result.automationId === ids.flow)!, firing: firing!, sessions };
}

beforeAll(async () => {
  world = await agentsWorld();
  receiver = await startReceiver();
  env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
  await startEngine();
  const owner = world.people.owner.actor;
  await createConnection(owner, { domainId: world.acme.ops, integrationId: "service.http", name: "HTTP", token: "t" });
  const { flow } = await createAndPublishFlow(owner, {
    domainId: world.acme.ops,
    name: "Order flow",
    graph: {
      inputSchema: INPUT_SCHEMA,
      steps: [
        {
          id: "post",
          kind: "tool",
          tool: "service.http.post",
          args: { url: `${receiver.base}/order`, body: "{{input}}" },
        },
      ],
    },
    bindingPolicies: { "service.http": "service" },
    changeNote: "test",
  });
  ids.flow = flow.id;
  ids.echo = await publishAgent(owner, world.acme.ops, { model: "builtin:echo" });
  const { trigger } = await createTrigger(owner, { type: "api", domainId: world.acme.ops, name: `Orders ${marker()}` });
  ids.trigger = trigger.id;
  for (const automationId of [ids.echo, ids.flow])
    await subscribeAutomation(owner, { triggerId: ids.trigger, automationId });
});

afterAll(async () => {
  await stopEngine();
  await receiver.close();
});

describe("fire with a flow subscriber's declared inputs", () => {
  it("refuses the flow per subscriber when a required input is missing, names the field, and still starts the agent", async () => {
    const since = new Date();
    const response = await fire({ prompt: "hello" });
    expect(response.status, JSON.stringify(response.body)).toBe(202);
    expect(response.body.sessions.map((session: { automationId: string }) => session.automationId)).toEqual([ids.echo]);
    const { result, sessions } = await flowResultOf(since);
    expect(result).toMatchObject({ outcome: "FAILED", errorCode: "FLOW_INPUT_INVALID", sessionId: null });
    const prefix = `"Order flow" was not started: input.orderId is missing: the flow requires it (string). Send an input that matches its declared inputs, e.g. `;
    expect(result.errorMessage!.startsWith(prefix), result.errorMessage!).toBe(true);
    // The example it suggests is the console's ready-call input (keys in the stored schema's order).
    expect(JSON.parse(result.errorMessage!.slice(prefix.length, -1))).toEqual(exampleFlowInput(INPUT_SCHEMA));
    expect(sessions).toBe(0);
    expect(await db().flowRun.count({ where: { automationId: ids.flow, createdAt: { gte: since } } })).toBe(0);
  });

  it("names a missing required field and a field of the wrong type", async () => {
    let since = new Date();
    await fire({});
    expect((await flowResultOf(since)).result.errorMessage).toContain(
      "input.orderId is missing: the flow requires it (string)",
    );
    since = new Date();
    await fire({ orderId: 4711, quantity: 1 });
    expect((await flowResultOf(since)).result.errorMessage).toContain(
      "input.orderId does not match the flow's declared inputs: Invalid input: expected string, received number",
    );
    since = new Date();
    await fire({ orderId: "A-1", quantity: 1, prompt: "hello" });
    expect((await flowResultOf(since)).result.errorMessage).toContain(
      "input.prompt is not among the flow's declared inputs",
    );
    since = new Date();
    await fire({ orderId: "A-1", quantity: 0 });
    expect((await flowResultOf(since)).result.errorMessage).toContain("input.quantity does not match");
  });

  it("shows the refusal in run history with its code", async () => {
    const since = new Date();
    await fire({});
    const { firing } = await flowResultOf(since);
    const history = await triggerHistory(world.people.operator.actor, { triggerId: ids.trigger });
    const entry = history.firings.find((one) => one.id === firing.id)!;
    expect(entry.results).toEqual([
      expect.objectContaining({ automationId: ids.echo, outcome: "started" }),
      expect.objectContaining({
        automationId: ids.flow,
        kind: "flow",
        outcome: "failed",
        errorCode: "FLOW_INPUT_INVALID",
        sessionId: null,
        flowRunId: null,
      }),
    ]);
  });

  it("starts and runs the flow with a matching input, such as the console's example input", async () => {
    const m = marker();
    const example = exampleFlowInput(INPUT_SCHEMA);
    expect(example).toEqual({
      orderId: "example orderId",
      quantity: 1,
      express: true,
      contact: "someone@example.com",
    });
    const since = new Date();
    const response = await fire({ ...example, orderId: m });
    expect(response.status, JSON.stringify(response.body)).toBe(202);
    expect(response.body.sessions.map((session: { automationId: string }) => session.automationId).sort()).toEqual(
      [ids.echo, ids.flow].sort(),
    );
    const { result } = await flowResultOf(since);
    expect(result).toMatchObject({ outcome: "STARTED", errorCode: null });
    const turn = await db().turn.findFirstOrThrow({ where: { sessionId: result.sessionId! } });
    expect((await waitForTurn(turn.id)).status).toBe("COMPLETED");
    expect(receiver.withMarker(m).map((request) => request.path)).toEqual(["/order"]);
  });

  it("refuses the same way in the console's Fire now answer", async () => {
    const answer = await fireTriggerNow(world.people.operator.actor, { triggerId: ids.trigger, input: {} });
    expect(answer.results.find((result) => result.automationId === ids.flow)).toMatchObject({
      outcome: "failed",
      errorCode: "FLOW_INPUT_INVALID",
      errorMessage: expect.stringContaining("input.orderId is missing"),
      sessionId: null,
    });
    expect(answer.results.find((result) => result.automationId === ids.echo)).toMatchObject({ outcome: "started" });
  });
});
