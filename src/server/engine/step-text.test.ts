import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld } from "../../../test/agents-kit";
import { startFakeLlmServer, type TFakeLlmServer } from "../../../test/fake-llm-server";
import {
  eventsOf,
  openTurnWithoutJob,
  publishAgent,
  startEngine,
  startReceiver,
  stopEngine,
} from "../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { createConnection } from "@/server/services/connections/create-connection";
import { runTurn } from "./turn-runner";

// Text a model writes beside a tool call survives the turn's suspension: the attempt that resumes
// after the approval reads it back and sends it before the call in the next step's history. The
// test plays the worker (runTurn per attempt), against the real OpenAI wire protocol.

let world: TAgentsWorld;
let fake: TFakeLlmServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let writer: string;
const saved = { key: env.OPENAI_API_KEY, url: env.OPENAI_BASE_URL, hosts: env.HTTP_TOOL_ALLOWED_HOSTS };

beforeAll(async () => {
  fake = await startFakeLlmServer();
  receiver = await startReceiver();
  Object.assign(env, {
    OPENAI_API_KEY: "sk-test-step-text",
    OPENAI_BASE_URL: fake.url,
    HTTP_TOOL_ALLOWED_HOSTS: receiver.hostPort,
  });
  world = await agentsWorld();
  // The queue takes the decision's job; no worker runs it (the test runs each attempt itself).
  await startEngine({ workers: false });
  const owner = world.people.owner.actor;
  await createConnection(owner, { domainId: world.acme.ops, integrationId: "service.http", name: "HTTP", token: "t" });
  writer = await publishAgent(
    owner,
    world.acme.ops,
    {
      model: "openai:gpt-4o-mini",
      procedure: `Write it with #service.http.post {"url": "${receiver.base}/write"}`,
      approvalTools: ["service.http.post"],
    },
    { bindingPolicies: { "service.http": "caller_preferred" } },
  );
});

afterAll(async () => {
  Object.assign(env, { OPENAI_API_KEY: saved.key, OPENAI_BASE_URL: saved.url, HTTP_TOOL_ALLOWED_HOSTS: saved.hosts });
  await stopEngine();
  await fake.close();
  await receiver.close();
});

describe("a step's text across an approval", () => {
  it("is stored once, and the resumed attempt sends it before the approved call", async () => {
    const { sessionId, turnId } = await openTurnWithoutJob(world.people.owner.actor.userId, writer, "save it");
    const marker = `step-text-${crypto.randomUUID()}`;
    fake.script(
      {
        text: ["I will ", "save it now."],
        toolCalls: [
          { id: "call_w", name: "service__http__post", args: { url: `${receiver.base}/write`, body: { marker } } },
        ],
        usage: { input: 5, output: 5 },
      },
      { text: ["Saved."], usage: { input: 5, output: 1 } },
    );
    await runTurn(turnId);
    expect((await eventsOf(sessionId)).at(-1)!.type).toBe("turn.suspended");

    const decided = await api("POST", `/agents/sessions/${sessionId}/turn-approval`, {
      credential: world.people.owner.key,
      body: { decision: "approved" },
    });
    expect(decided.status).toBe(200);
    const sent = fake.requests.length;
    await runTurn(turnId);

    const replies = await db().sessionMessage.findMany({
      where: { turnId, role: "ASSISTANT" },
      orderBy: { createdAt: "asc" },
      select: { body: true },
    });
    expect(replies.map((reply) => reply.body)).toEqual(["I will save it now.", "Saved."]);
    expect(receiver.withMarker(marker)).toHaveLength(1);
    const history = JSON.stringify(fake.requests[sent]!.body.input);
    expect(history.indexOf("I will save it now.")).toBeGreaterThan(-1);
    expect(history.indexOf("I will save it now.")).toBeLessThan(history.indexOf("function_call"));
  });
});
