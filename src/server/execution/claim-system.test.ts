import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, api, type TAgentsWorld } from "../../../test/agents-kit";
import { publishAgent, startEngine, startReceiver, stopEngine } from "../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { createConnection } from "@/server/services/connections/create-connection";
import { AttemptStopped } from "./attempt-stopped";
import { executeToolCall } from "@/server/engine/tool-calls";
import { claimTurnRow, loadTurnContext } from "@/server/engine/turn-context";
import { runTurn } from "@/server/engine/turn-runner";

// Issue 38: an attempt that outlived its claim (its job expired or its heartbeat lapsed, and the
// queue gave the job to another attempt) must not run the write tool a second time.

let world: TAgentsWorld;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let agentId = "";
const saved = env.HTTP_TOOL_ALLOWED_HOSTS;

beforeAll(async () => {
  world = await agentsWorld();
  receiver = await startReceiver();
  env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
  // The queue without workers: the test plays the attempts itself.
  await startEngine({ workers: false });
  const owner = world.people.owner.actor;
  await createConnection(owner, { domainId: world.acme.ops, integrationId: "service.http", name: "HTTP", token: "t" });
  const procedure = `#service.http.post ${JSON.stringify({ url: `${receiver.base}/write`, body: { message: "{{message}}" } })}`;
  agentId = await publishAgent(owner, world.acme.ops, { model: "builtin:procedure", procedure });
});

afterAll(async () => {
  env.HTTP_TOOL_ALLOWED_HOSTS = saved;
  await stopEngine();
});

async function queuedTurn(message: string): Promise<string> {
  const response = await api("POST", `/agents/${agentId}/sessions`, {
    credential: world.people.owner.key,
    body: { message },
  });
  expect(response.status).toBe(202);
  return (response.body as { executionId: string }).executionId;
}

describe("the attempt fence", () => {
  it("a stale attempt starts no tool call once a later attempt claimed the turn; the current one does", async () => {
    const turnId = await queuedTurn("fenced write");
    const first = await claimTurnRow(db(), turnId, new Date());
    expect(first?.claimed).toBe(true);
    const context = (await loadTurnContext(first!.turn))!;
    const call = {
      id: "call-1",
      name: [...context.tools.keys()][0]!,
      args: { url: `${receiver.base}/write`, body: { message: "fenced write" } },
    };
    // The queue handed the job to a second attempt meanwhile (the claim counts attempts).
    const second = await claimTurnRow(db(), turnId, new Date());
    expect(second?.claimed).toBe(true);

    const stale = { ...context, attempt: { number: 1, signal: new AbortController().signal } };
    await expect(executeToolCall(stale, call)).rejects.toBeInstanceOf(AttemptStopped);
    expect(receiver.requests.filter((request) => request.path === "/write")).toHaveLength(0);
    expect(await db().toolCall.count({ where: { turnId } })).toBe(0);

    const current = { ...context, attempt: { number: 2, signal: new AbortController().signal } };
    const outcome = await executeToolCall(current, call);
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
    expect(receiver.requests.filter((request) => request.path === "/write")).toHaveLength(1);
  });

  it("an attempt whose signal fired writes nothing more and leaves the turn to the next attempt", async () => {
    const turnId = await queuedTurn("stopped before it starts");
    const stop = new AbortController();
    stop.abort(new AttemptStopped("its job was claimed again elsewhere"));
    await expect(runTurn(turnId, stop.signal)).rejects.toBeInstanceOf(AttemptStopped);
    const turn = await db().turn.findUniqueOrThrow({ where: { id: turnId }, select: { status: true } });
    // Claimed (RUNNING), never settled by the stopped attempt: the next attempt resumes it.
    expect(turn.status).toBe("RUNNING");
    expect(await db().toolCall.count({ where: { turnId } })).toBe(0);
    expect(receiver.requests.filter((request) => request.path === "/write")).toHaveLength(1);
  });
});
