import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flowEngineWorld } from "../../../test/flows-kit";
import type { TAgentsWorld } from "../../../test/agents-kit";
import { eventsOf, publishAgent, waitForTurn } from "../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { createAndPublishFlow } from "@/server/services/flows/create-and-publish-flow";
import { ZRunFlowRequest, type TRunFlowRequest } from "@/contracts/flows/runs";
import { getFlowRun } from "@/server/services/flows/get-flow-run";
import { runFlowByHand } from "@/server/services/flows/run-flow";
import { postMessage } from "@/server/services/sessions/post-message";
import { decideApproval } from "@/server/services/sessions/decide-approval";
import { runFlow } from "./flow-runner";
import { sweepExpiredTurns } from "./recovery";

// Flow runs end to end on the real queue and workers: tool steps calling a real HTTP receiver
// on loopback, branches, transforms, an agent step, approvals and the deadline.

let world: TAgentsWorld;
let receiver: Awaited<ReturnType<typeof flowEngineWorld>>["receiver"];
const orgToken = `org-token-${crypto.randomUUID()}`;

let stop: () => Promise<void>;

beforeAll(async () => {
  ({ world, receiver, stop } = await flowEngineWorld(orgToken));
});

afterAll(() => stop());

const openSchema = { type: "object", properties: {}, additionalProperties: true };

async function publish(steps: unknown[], inputSchema: Record<string, unknown> = openSchema) {
  const { flow } = await createAndPublishFlow(world.people.owner.actor, {
    domainId: world.acme.ops,
    name: `Flow ${crypto.randomUUID().slice(0, 8)}`,
    graph: { inputSchema, steps },
  });
  return flow.id;
}

async function run(flowId: string, input: Record<string, unknown>, statuses?: Parameters<typeof waitForTurn>[1]) {
  const started = await runFlowByHand(world.people.operator.actor, {
    id: flowId,
    input: input as TRunFlowRequest["input"],
  });
  await waitForTurn(started.executionId, statuses);
  const flowRun = await db().flowRun.findUniqueOrThrow({
    where: { id: started.flowRunId },
    include: { steps: { orderBy: { index: "asc" } } },
  });
  return { ...started, flowRun };
}

describe("flow runs", () => {
  it("posts its input verbatim (the echo flow), records the step, the tool call and the events", async () => {
    const marker = `m-${crypto.randomUUID()}`;
    const flowId = await publish([
      {
        id: "post",
        kind: "tool",
        tool: "service.http.post",
        args: { url: `${receiver.base}/flow`, body: "{{input}}" },
      },
    ]);
    const input = { marker, nested: { n: 3, list: [1, "two", null] }, flag: false };
    const { flowRun, sessionId, executionId } = await run(flowId, input);

    expect(flowRun).toMatchObject({ status: "COMPLETED", input, errorCode: null, revision: 1 });
    const [request] = receiver.withMarker(marker);
    expect(request).toMatchObject({ method: "POST", path: "/flow" });
    expect(JSON.parse(request!.body)).toEqual(input);
    expect(request!.headers.authorization).toBe(`Bearer ${orgToken}`);
    expect(flowRun.steps).toHaveLength(1);
    expect(flowRun.steps[0]).toMatchObject({ stepId: "post", kind: "tool", status: "COMPLETED", errorCode: null });
    expect(flowRun.steps[0]!.finishedAt).not.toBeNull();
    expect(flowRun.output).toMatchObject({ status: 200, body: { ok: true, path: "/flow" } });

    const calls = await db().toolCall.findMany({ where: { turnId: executionId } });
    expect(calls).toMatchObject([{ toolName: "service.http.post", status: "SUCCEEDED", identity: "service" }]);
    const types = (await eventsOf(sessionId)).map((event) => event.type);
    expect(types).toEqual(
      expect.arrayContaining(["turn.started", "tool_call.started", "tool_call.finished", "turn.completed"]),
    );
    expect(types.indexOf("turn.completed")).toBe(types.length - 1);
    const session = await db().agentSession.findUniqueOrThrow({ where: { id: sessionId } });
    expect(session).toMatchObject({
      origin: "CONSOLE",
      kind: "DOMAIN",
      ownerId: world.people.operator.actor.userId,
      automationId: flowId,
    });
  });

  it("branches both ways and transforms with earlier outputs", async () => {
    const flowId = await publish([
      {
        id: "check",
        kind: "branch",
        condition: { left: "{{input.amount}}", operator: ">", right: 100 },
        then: "big",
        else: "small",
      },
      { id: "big", kind: "transform", output: { size: "big", amount: "{{input.amount}}" }, next: "end" },
      {
        id: "small",
        kind: "transform",
        output: { size: "small", text: "amount {{input.amount}}", matched: "{{steps.check.output.matched}}" },
      },
    ]);
    const big = await run(flowId, { amount: 500 });
    expect(big.flowRun.status).toBe("COMPLETED");
    expect(big.flowRun.steps.map((step) => [step.stepId, step.output])).toEqual([
      ["check", { matched: true }],
      ["big", { size: "big", amount: 500 }],
    ]);
    expect(big.flowRun.output).toEqual({ size: "big", amount: 500 });

    const small = await run(flowId, { amount: 5 });
    expect(small.flowRun.steps.map((step) => step.stepId)).toEqual(["check", "small"]);
    expect(small.flowRun.output).toEqual({ size: "small", text: "amount 5", matched: false });
  });

  it("refuses an input that does not match the input schema, starting nothing", async () => {
    const flowId = await publish([{ id: "t", kind: "transform", output: "{{input.email}}" }], {
      type: "object",
      properties: { email: { type: "string" } },
      required: ["email"],
    });
    const before = await db().flowRun.count({ where: { automationId: flowId } });
    await expect(runFlowByHand(world.people.operator.actor, { id: flowId, input: { email: 5 } })).rejects.toMatchObject(
      { code: "VALIDATION" },
    );
    await expect(
      runFlowByHand(world.people.viewer.actor, { id: flowId, input: { email: "a@b.c" } }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await db().flowRun.count({ where: { automationId: flowId } })).toBe(before);
  });

  it("fails the run with the failing tool step's code and stops there", async () => {
    const flowId = await publish([
      {
        id: "blocked",
        kind: "tool",
        tool: "service.http.get",
        args: { url: "http://169.254.169.254/latest/meta-data" },
      },
      { id: "after", kind: "transform", output: "never" },
    ]);
    const { flowRun } = await run(flowId, {});
    expect(flowRun.status).toBe("FAILED");
    expect(flowRun.errorCode).toMatch(/^TOOL_/);
    expect(flowRun.steps).toHaveLength(1);
    expect(flowRun.steps[0]).toMatchObject({ stepId: "blocked", status: "FAILED", errorCode: flowRun.errorCode });
    expect(flowRun.steps[0]!.errorMessage).toBeTruthy();
  });

  it("asks an agent and uses its answer", async () => {
    const agentId = await publishAgent(world.people.owner.actor, world.acme.ops, {
      model: "builtin:echo",
      procedure: "",
    });
    const flowId = await publish([
      { id: "ask", kind: "agent", automationId: agentId, prompt: "Hello {{input.name}}" },
      { id: "use", kind: "transform", output: { answer: "{{steps.ask.output}}" } },
    ]);
    const { flowRun } = await run(flowId, { name: "Ada" });
    expect(flowRun.status).toBe("COMPLETED");
    expect(flowRun.output).toEqual({ answer: "Echo: Hello Ada" });
    const child = await db().agentSession.findFirstOrThrow({ where: { automationId: agentId } });
    expect(child).toMatchObject({ origin: "FLOW", domainId: world.acme.ops });
  });
});

describe("approval steps", () => {
  async function approvalFlow() {
    return publish([
      { id: "approve", kind: "approval", title: "Send {{input.marker}}?" },
      {
        id: "send",
        kind: "tool",
        tool: "service.http.post",
        args: { url: `${receiver.base}/approved`, body: { message: "{{input.marker}}" } },
      },
    ]);
  }

  it("suspends, and runs on after an approval", async () => {
    const marker = `m-${crypto.randomUUID()}`;
    const parked = await run(await approvalFlow(), { marker }, ["SUSPENDED", "FAILED", "COMPLETED"]);
    expect(parked.flowRun.status).toBe("SUSPENDED");
    expect(parked.flowRun.steps).toMatchObject([{ stepId: "approve", status: "WAITING" }]);
    const suspended = (await eventsOf(parked.sessionId)).find((event) => event.type === "turn.suspended");
    expect(suspended?.data).toMatchObject({
      toolName: "flow.approval",
      args: { stepId: "approve", title: `Send ${marker}?` },
    });
    expect(receiver.withMarker(marker)).toHaveLength(0);

    await decideApproval(world.people.editor.actor, {
      sessionId: parked.sessionId,
      decision: "approved",
      comment: "ok",
    });
    expect(await waitForTurn(parked.executionId, ["COMPLETED", "FAILED"])).toMatchObject({ status: "COMPLETED" });
    const done = await db().flowRun.findUniqueOrThrow({
      where: { id: parked.flowRunId },
      include: { steps: { orderBy: { index: "asc" } } },
    });
    expect(done.status).toBe("COMPLETED");
    expect(done.steps.map((step) => [step.stepId, step.status])).toEqual([
      ["approve", "COMPLETED"],
      ["send", "COMPLETED"],
    ]);
    expect(done.steps[0]!.output).toMatchObject({
      decision: "approved",
      decidedById: world.people.editor.actor.userId,
      comment: "ok",
    });
    expect(receiver.withMarker(marker)).toHaveLength(1);
  });

  it("fails the run with APPROVAL_REJECTED on a rejection, without running later steps", async () => {
    const marker = `m-${crypto.randomUUID()}`;
    const parked = await run(await approvalFlow(), { marker }, ["SUSPENDED", "FAILED", "COMPLETED"]);
    await decideApproval(world.people.owner.actor, {
      sessionId: parked.sessionId,
      decision: "rejected",
      comment: "not today",
    });
    expect(await waitForTurn(parked.executionId, ["COMPLETED", "FAILED"])).toMatchObject({
      status: "FAILED",
      errorCode: "APPROVAL_REJECTED",
    });
    const done = await db().flowRun.findUniqueOrThrow({ where: { id: parked.flowRunId }, include: { steps: true } });
    expect(done).toMatchObject({ status: "FAILED", errorCode: "APPROVAL_REJECTED" });
    expect(done.errorMessage).toContain("not today");
    expect(done.steps).toMatchObject([{ stepId: "approve", status: "FAILED", errorCode: "APPROVAL_REJECTED" }]);
    expect(receiver.withMarker(marker)).toHaveLength(0);
  });

  it("fails a run parked past its deadline with TURN_DEADLINE_EXCEEDED", async () => {
    const parked = await run(await approvalFlow(), { marker: "deadline" }, ["SUSPENDED", "FAILED", "COMPLETED"]);
    await db().turn.update({ where: { id: parked.executionId }, data: { deadlineAt: new Date(Date.now() - 1000) } });
    await sweepExpiredTurns();
    const done = await db().flowRun.findUniqueOrThrow({ where: { id: parked.flowRunId }, include: { steps: true } });
    expect(done).toMatchObject({ status: "FAILED", errorCode: "TURN_DEADLINE_EXCEEDED" });
    expect(done.steps).toMatchObject([{ stepId: "approve", status: "FAILED", errorCode: "TURN_DEADLINE_EXCEEDED" }]);
    await expect(
      decideApproval(world.people.owner.actor, { sessionId: parked.sessionId, decision: "approved" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
  });
});

describe("crash recovery", () => {
  it("never re-runs a tool step its dead worker left running: the run fails TOOL_CALL_INTERRUPTED", async () => {
    const marker = `m-${crypto.randomUUID()}`;
    const flowId = await publish([
      { id: "approve", kind: "approval", title: "Go?" },
      {
        id: "send",
        kind: "tool",
        tool: "service.http.post",
        args: { url: `${receiver.base}/crash`, body: { message: marker } },
      },
    ]);
    const parked = await run(flowId, { marker }, ["SUSPENDED", "FAILED", "COMPLETED"]);
    // The state a worker leaves when it dies during the tool call: step and call RUNNING.
    await db().$transaction(async (tx) => {
      await tx.approval.updateMany({
        where: { turnId: parked.executionId },
        data: { status: "APPROVED", decidedAt: new Date() },
      });
      await tx.toolCall.updateMany({ where: { turnId: parked.executionId }, data: { status: "SUCCEEDED" } });
      await tx.flowStepRun.updateMany({
        where: { flowRunId: parked.flowRunId },
        data: { status: "COMPLETED", output: { decision: "approved" } },
      });
      await tx.flowStepRun.create({
        data: { flowRunId: parked.flowRunId, stepId: "send", index: 1, kind: "tool", status: "RUNNING" },
      });
      await tx.toolCall.create({
        data: {
          turnId: parked.executionId,
          sessionId: parked.sessionId,
          index: 1,
          toolName: "service.http.post",
          integrationId: "service.http",
          args: {},
          status: "RUNNING",
        },
      });
      await tx.turn.update({ where: { id: parked.executionId }, data: { status: "RUNNING" } });
    });
    await runFlow(parked.executionId);
    const done = await db().flowRun.findUniqueOrThrow({
      where: { id: parked.flowRunId },
      include: { steps: { orderBy: { index: "asc" } } },
    });
    expect(done).toMatchObject({ status: "FAILED", errorCode: "TOOL_CALL_INTERRUPTED" });
    expect(done.steps.map((step) => [step.stepId, step.status])).toEqual([
      ["approve", "COMPLETED"],
      ["send", "FAILED"],
    ]);
    expect(await db().toolCall.findFirstOrThrow({ where: { turnId: parked.executionId, index: 1 } })).toMatchObject({
      status: "FAILED",
      errorCode: "TOOL_CALL_INTERRUPTED",
    });
    expect(receiver.withMarker(marker)).toHaveLength(0);
  });
});

describe("flow runs in the console", () => {
  it("shows the run's steps with timing to the domain's members only, and takes no messages", async () => {
    const flowId = await publish([{ id: "shape", kind: "transform", output: { got: "{{input.x}}" } }]);
    const { sessionId } = await run(flowId, { x: 1 });
    const { flowRun } = await getFlowRun(world.people.viewer.actor, sessionId);
    expect(flowRun).toMatchObject({
      status: "completed",
      input: { x: 1 },
      output: { got: 1 },
      steps: [{ stepId: "shape", kind: "transform", status: "completed", output: { got: 1 } }],
    });
    expect(flowRun!.steps[0]!.durationMs).toBeGreaterThanOrEqual(0);
    await expect(getFlowRun(world.people.globexOwner.actor, sessionId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(postMessage(world.people.owner.actor, { sessionId, message: "hello" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });

  it("refuses callerCredentials on a run by hand (spec 5 rule 7)", () => {
    const body = {
      id: crypto.randomUUID(),
      input: {},
      callerCredentials: { integrations: { "service.http": { token: "t" } } },
    };
    expect(ZRunFlowRequest.safeParse(body).success).toBe(false);
    expect(ZRunFlowRequest.safeParse({ id: body.id, input: {} }).success).toBe(true);
  });
});
