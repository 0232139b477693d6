import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld } from "../../../test/agents-kit";
import { startFakeLlmServer, type TFakeLlmServer } from "../../../test/fake-llm-server";
import { eventsOf, publishAgent, startEngine, stopEngine, waitForTurn } from "../../../test/sessions-kit";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { setBudget } from "@/server/services/budget/set-budget";
import { createConnection } from "@/server/services/connections/create-connection";

// The turn loop with the real budget and a real AI SDK provider (OpenAI's wire protocol served
// by the local fake, the only stand-in: it replaces an internet service).
let world: TAgentsWorld;
let fake: TFakeLlmServer;
const saved = { key: env.OPENAI_API_KEY, url: env.OPENAI_BASE_URL, hosts: env.HTTP_TOOL_ALLOWED_HOSTS };
// The HTTP tool's target: a local receiver that records what the agent's tool call sent.
let receiver: Server;
let target = "";
const received: string[] = [];

beforeAll(async () => {
  fake = await startFakeLlmServer();
  env.OPENAI_API_KEY = "sk-test-integration-KEY";
  env.OPENAI_BASE_URL = fake.url;
  receiver = createServer((request, response) => {
    received.push(request.url ?? "");
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ record: "R-42" }));
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  target = `127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  env.HTTP_TOOL_ALLOWED_HOSTS = target;
  world = await agentsWorld();
  await startEngine();
});

afterAll(async () => {
  await stopEngine();
  await fake.close();
  receiver.close();
  env.HTTP_TOOL_ALLOWED_HOSTS = saved.hosts;
  env.OPENAI_API_KEY = saved.key;
  env.OPENAI_BASE_URL = saved.url;
});

async function openSession(agentId: string, message: string) {
  const response = await api("POST", `/agents/${agentId}/sessions`, {
    credential: world.people.owner.key,
    body: { message },
  });
  expect(response.status).toBe(202);
  return response.body as { sessionId: string; executionId: string };
}

const usageOf = (turnId: string) =>
  db().turn.findUniqueOrThrow({
    where: { id: turnId },
    select: { inputTokens: true, outputTokens: true, costMicroUsd: true },
  });

describe("model budget in the turn loop", () => {
  it("runs an openai: agent through the AI SDK, records usage and cost, then refuses once the cost limit is reached", async () => {
    const agentId = await publishAgent(world.people.owner.actor, world.acme.ops, {
      model: "openai:gpt-4o-mini",
      principles: "Answer briefly.",
    });
    fake.script({ text: ["Hi ", "there"], usage: { input: 1_000, output: 200 } });
    const first = await openSession(agentId, "hello");
    expect(await waitForTurn(first.executionId)).toMatchObject({ status: "COMPLETED" });
    expect(fake.requests.at(-1)!.headers.authorization).toBe("Bearer sk-test-integration-KEY");
    // gpt-4o-mini: 1,000 x $0.15 + 200 x $0.60 per million tokens = 270 micro-USD.
    expect(await usageOf(first.executionId)).toEqual({ inputTokens: 1_000, outputTokens: 200, costMicroUsd: 270n });
    const deltas = (await eventsOf(first.sessionId))
      .filter((event) => event.type === "message.delta")
      .map((event) => (event.data as { text: string }).text);
    expect(deltas.join("")).toBe("Hi there");

    await setBudget(
      { ...world.people.owner.actor, orgRole: "OWNER" },
      { monthlyTokenLimit: null, monthlyCostLimitUsd: 0.00027 },
    );
    const calls = fake.requests.length;
    const second = await openSession(agentId, "again");
    const failed = await waitForTurn(second.executionId);
    expect(failed).toMatchObject({ status: "FAILED", errorCode: "LLM_BUDGET_EXHAUSTED" });
    expect(failed.errorMessage).toContain("$0.00027 of $0.00027 spent");
    expect(fake.requests.length).toBe(calls);
    const types = (await eventsOf(second.sessionId)).map((event) => event.type);
    expect(types).toContain("budget.failed");
    const budgetEvent = (await eventsOf(second.sessionId)).find((event) => event.type === "budget.failed");
    expect(budgetEvent!.data).toMatchObject({ code: "LLM_BUDGET_EXHAUSTED" });

    // Raising the limit lets turns run again.
    await setBudget(
      { ...world.people.owner.actor, orgRole: "OWNER" },
      { monthlyTokenLimit: null, monthlyCostLimitUsd: 1 },
    );
    fake.script({ text: ["Back"], usage: { input: 10, output: 2 } });
    expect(await waitForTurn((await openSession(agentId, "third")).executionId)).toMatchObject({ status: "COMPLETED" });
  });

  it("round-trips a tool call: the model's call runs through the loop and its result goes back in the provider's format", async () => {
    const { owner } = world.people;
    await createConnection(owner.actor, {
      domainId: world.acme.ops,
      integrationId: "service.http",
      name: "Receiver",
      token: "receiver-token",
    });
    const agentId = await publishAgent(
      owner.actor,
      world.acme.ops,
      {
        model: "openai:gpt-4o-mini",
        procedure: 'Look the record up with #service.http.get {"url": "http://example.test"}',
      },
      { bindingPolicies: { "service.http": "caller_preferred" } },
    );
    await setBudget(owner.actor, { monthlyTokenLimit: null, monthlyCostLimitUsd: null });
    fake.script(
      {
        toolCalls: [{ id: "call_7", name: "service__http__get", args: { url: `http://${target}/lookup?marker=rt-1` } }],
        usage: { input: 100, output: 20 },
      },
      { text: ["Record R-42."], usage: { input: 150, output: 5 } },
    );
    const before = fake.requests.length;
    const { executionId } = await openSession(agentId, "find the record");
    expect(await waitForTurn(executionId)).toMatchObject({ status: "COMPLETED" });
    expect(received).toContain("/lookup?marker=rt-1");
    const [offered, followUp] = fake.requests.slice(before);
    expect((offered!.body.tools as Array<{ name: string }>).map((entry) => entry.name)).toEqual(["service__http__get"]);
    const items = followUp!.body.input as Array<Record<string, string>>;
    const call = items.find((item) => item.type === "function_call");
    const output = items.find((item) => item.type === "function_call_output");
    // The loop replays the call under its own tool-call id; call and result stay paired.
    expect(call).toMatchObject({ name: "service__http__get", call_id: output!.call_id });
    expect(JSON.parse(call!.arguments!)).toEqual({ url: `http://${target}/lookup?marker=rt-1` });
    expect(output!.output).toContain("R-42");
    // Usage of both steps adds up on the one turn.
    expect(await usageOf(executionId)).toMatchObject({ inputTokens: 250, outputTokens: 25 });
  });

  it("applies a token limit to builtin models too (estimated tokens)", async () => {
    const other = await agentsWorld();
    const agentId = await publishAgent(other.people.owner.actor, other.acme.ops, { model: "builtin:echo" });
    await setBudget(other.people.owner.actor, { monthlyTokenLimit: 1, monthlyCostLimitUsd: null });
    const open = async (message: string) =>
      (await api("POST", `/agents/${agentId}/sessions`, { credential: other.people.owner.key, body: { message } })).body
        .executionId as string;
    expect(await waitForTurn(await open("first"))).toMatchObject({ status: "COMPLETED" });
    expect(await waitForTurn(await open("second"))).toMatchObject({
      status: "FAILED",
      errorCode: "LLM_BUDGET_EXHAUSTED",
    });
  });
});
