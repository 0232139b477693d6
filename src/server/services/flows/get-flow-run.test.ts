import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flowEngineWorld } from "../../../../test/flows-kit";
import type { TAgentsWorld } from "../../../../test/agents-kit";
import { waitForTurn } from "../../../../test/sessions-kit";
import type { TRunFlowRequest } from "@/contracts/flows/runs";
import { db } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import { createAndPublishFlow } from "./create-and-publish-flow";
import { getFlowRun } from "./get-flow-run";
import { runFlowByHand } from "./run-flow";
import { flowRunStart } from "./start-flow-run";
import { startSession } from "@/server/services/sessions/start-sessions";

// The run on its graph (issue 15): the engine records what each step received when it starts,
// and getFlowRun returns those inputs with the pinned revision's graph, secrets left out.

let world: TAgentsWorld;
let receiver: Awaited<ReturnType<typeof flowEngineWorld>>["receiver"];
const orgToken = `org-token-${crypto.randomUUID()}`;
const authorHeader = `author-secret-${crypto.randomUUID()}`;

let stop: () => Promise<void>;

beforeAll(async () => {
  ({ world, receiver, stop } = await flowEngineWorld(orgToken));
});

afterAll(() => stop());

const steps = () => [
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
    kind: "tool",
    tool: "service.http.post",
    args: {
      url: `${receiver.base}/small`,
      headers: { "x-api-key": authorHeader },
      body: { amount: "{{input.amount}}", matched: "{{steps.check.output.matched}}" },
    },
  },
];

async function runToEnd(input: Record<string, unknown>) {
  const graph = { inputSchema: { type: "object", properties: {}, additionalProperties: true }, steps: steps() };
  const { flow } = await createAndPublishFlow(world.people.owner.actor, {
    domainId: world.acme.ops,
    name: `Flow ${crypto.randomUUID().slice(0, 8)}`,
    graph,
  });
  const started = await runFlowByHand(world.people.operator.actor, {
    id: flow.id,
    input: input as TRunFlowRequest["input"],
  });
  await waitForTurn(started.executionId);
  return { ...started, graph };
}

describe("getFlowRun: the run on its graph", () => {
  it("records each step's rendered input when it starts (engine), header values redacted", async () => {
    const { flowRunId } = await runToEnd({ amount: 5 });
    const rows = await db().flowStepRun.findMany({
      where: { flowRunId },
      orderBy: { index: "asc" },
      select: { stepId: true, status: true, input: true },
    });
    expect(rows).toEqual([
      { stepId: "check", status: "COMPLETED", input: { left: 5, operator: ">", right: 100 } },
      {
        stepId: "small",
        status: "COMPLETED",
        input: {
          tool: "service.http.post",
          args: {
            url: `${receiver.base}/small`,
            headers: { "x-api-key": expect.not.stringContaining(authorHeader) },
            body: { amount: 5, matched: false },
          },
        },
      },
    ]);
    // The author's header still reached the receiver: the redaction is of the record only.
    expect(JSON.stringify(receiver.requests.map((request) => request.headers))).toContain(authorHeader);
    expect(JSON.stringify(rows)).not.toContain(orgToken);
  });

  it("returns each step's input, output and timing with the pinned revision's graph", async () => {
    const { sessionId, graph } = await runToEnd({ amount: 500 });
    const { flowRun } = await getFlowRun(world.people.viewer.actor, sessionId);
    expect(flowRun).toMatchObject({
      status: "completed",
      graph: { steps: graph.steps.map((step) => ({ id: step.id, kind: step.kind })) },
      steps: [
        {
          stepId: "check",
          status: "completed",
          input: { left: 500, operator: ">", right: 100 },
          output: { matched: true },
        },
        {
          stepId: "big",
          status: "completed",
          input: { reads: { "{{input.amount}}": 500 } },
          output: { size: "big", amount: 500 },
        },
      ],
    });
    for (const step of flowRun!.steps) expect(step.durationMs).toBeGreaterThanOrEqual(0);
    await expect(getFlowRun(world.people.globexOwner.actor, sessionId)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("never records caller credentials: a run started with caller material (as trigger fan-outs start it)", async () => {
    const callerToken = `caller-${crypto.randomUUID()}`;
    const marker = `m-${crypto.randomUUID()}`;
    const { flow, revision } = await createAndPublishFlow(world.people.owner.actor, {
      domainId: world.acme.ops,
      name: `Caller flow ${crypto.randomUUID().slice(0, 8)}`,
      graph: {
        inputSchema: { type: "object", properties: {}, additionalProperties: true },
        steps: [
          {
            id: "post",
            kind: "tool",
            tool: "service.http.post",
            args: { url: `${receiver.base}/caller`, body: "{{input}}" },
          },
        ],
      },
      bindingPolicies: { "service.http": "caller_required" },
    });
    const started = await db().$transaction((tx) =>
      startSession(tx, {
        organizationId: world.acme.id,
        domainId: world.acme.ops,
        automationId: flow.id,
        revision,
        ...flowRunStart({ marker }),
        ownerId: null,
        origin: "TRIGGER",
        callerCredentials: { integrations: { "service.http": { token: callerToken } } },
      }),
    );
    const turn = await db().turn.findFirstOrThrow({ where: { sessionId: started.sessionId } });
    await waitForTurn(turn.id);
    // Positive control: the caller's token reached the receiver.
    expect(receiver.withMarker(marker)[0]!.headers.authorization).toBe(`Bearer ${callerToken}`);
    const { flowRun } = await getFlowRun(world.people.owner.actor, started.sessionId);
    expect(flowRun!.steps[0]!.input).toEqual({
      tool: "service.http.post",
      args: { url: `${receiver.base}/caller`, body: { marker } },
    });
    const rows = await db().flowStepRun.findMany({ where: { flowRunId: started.flowRunId! } });
    expect(JSON.stringify([flowRun, rows])).not.toContain(callerToken);
  });

  it("answers runs recorded before inputs were with a null input", async () => {
    const { sessionId, flowRunId } = await runToEnd({ amount: 1 });
    await db().flowStepRun.updateMany({ where: { flowRunId }, data: { input: Prisma.DbNull } });
    const { flowRun } = await getFlowRun(world.people.owner.actor, sessionId);
    expect(flowRun!.steps.map((step) => step.input)).toEqual([null, null]);
  });
});
