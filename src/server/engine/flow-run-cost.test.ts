import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countStatements, reportStatements, useCountedEchoWorld } from "../../../test/statement-count-kit";
import { postInputGraph } from "../../../test/flows-kit";
import { eventsOf, startReceiver } from "../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { createConnection } from "@/server/services/connections/create-connection";
import { createAndPublishFlow } from "@/server/services/flows/create-and-publish-flow";
import { runFlowByHand } from "@/server/services/flows/run-flow";
import { runFlow } from "./flow-runner";
import { failTurn } from "./turn-settle";

// What one flow execution costs in round trips (test/statement-count-kit.ts): a trigger's flow
// with one HTTP step is the busiest automation there is, so a change that adds a statement to
// its claim, its step or its completion shows up here. The queue runs without workers: the test
// runs the job's work itself.

const setup = useCountedEchoWorld();
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let flowId: string;

beforeAll(async () => {
  receiver = await startReceiver();
  env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
  const owner = setup.world.people.owner.actor;
  await createConnection(owner, {
    domainId: setup.world.acme.ops,
    integrationId: "service.http",
    name: "HTTP",
    token: "t",
  });
  const { flow } = await createAndPublishFlow(owner, {
    domainId: setup.world.acme.ops,
    name: `Counted flow ${crypto.randomUUID().slice(0, 8)}`,
    graph: postInputGraph(`${receiver.base}/flow`),
  });
  flowId = flow.id;
});

afterAll(() => receiver.close());

const start = (marker: string) => runFlowByHand(setup.world.people.operator.actor, { id: flowId, input: { marker } });

describe("the cost of a flow execution", () => {
  it("claims, starts its step with its call, then finishes call, step and run together: one statement each, no transaction", async () => {
    await runFlow((await start(`warm-${crypto.randomUUID()}`)).executionId); // the pinned revision is read once per process
    const marker = `m-${crypto.randomUUID()}`;
    const started = await start(marker);
    const cost = await countStatements(() => runFlow(started.executionId));
    reportStatements("one-step flow execution", cost);

    expect(receiver.withMarker(marker)).toHaveLength(1);
    const run = await db().flowRun.findUniqueOrThrow({
      where: { id: started.flowRunId },
      select: { status: true, output: true, steps: { select: { status: true, output: true } } },
    });
    expect(run.status).toBe("COMPLETED");
    expect(run.steps).toEqual([{ status: "COMPLETED", output: run.output }]);
    expect(run.output).toMatchObject({ status: 200, body: { ok: true } });
    const events = await eventsOf(started.sessionId);
    expect(events.map((event) => event.type)).toEqual([
      "session.changed",
      "turn.started",
      "tool_call.started",
      "tool_call.finished",
      "session.changed",
      "turn.completed",
    ]);
    const answer = await db().sessionMessage.findFirstOrThrow({
      where: { sessionId: started.sessionId, role: "ASSISTANT" },
      select: { id: true, body: true },
    });
    expect(events.at(-1)!.data).toMatchObject({
      status: "completed",
      messageId: answer.id,
      flowRunId: started.flowRunId,
    });
    expect(JSON.parse(answer.body)).toEqual(run.output);

    // claim; the domain's connection; step and call started; call, step and run finished together
    expect(cost.transactions).toBe(0);
    expect(cost.statements).toHaveLength(4);
  });

  it("a job retried after the run settled writes nothing", async () => {
    const started = await start(`m-${crypto.randomUUID()}`);
    await runFlow(started.executionId);
    const cost = await countStatements(() => runFlow(started.executionId));
    expect(cost.transactions).toBe(0);
    expect(cost.statements).toHaveLength(1);
    expect((await eventsOf(started.sessionId)).filter((event) => event.type === "turn.started")).toHaveLength(1);
  });

  it("a run settled while its last step's call ran keeps that: the call and step are recorded, the run is not completed", async () => {
    // An upstream that fails the run (as the deadline sweep would) before it answers the call.
    let settle: () => Promise<void> = async () => {};
    const upstream = createServer((request, response) => {
      request.resume();
      request.on("end", () => {
        settle().then(
          () => response.writeHead(200, { "content-type": "application/json" }).end('{"late":true}'),
          (error: unknown) => response.destroy(error as Error),
        );
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const { port } = upstream.address() as { port: number };
    env.HTTP_TOOL_ALLOWED_HOSTS = `${receiver.hostPort},127.0.0.1:${port}`;
    try {
      const { flow } = await createAndPublishFlow(setup.world.people.owner.actor, {
        domainId: setup.world.acme.ops,
        name: `Settled meanwhile ${crypto.randomUUID().slice(0, 8)}`,
        graph: postInputGraph(`http://127.0.0.1:${port}/slow`),
      });
      const started = await runFlowByHand(setup.world.people.operator.actor, { id: flow.id, input: { marker: "x" } });
      settle = async () => {
        await failTurn({
          sessionId: started.sessionId,
          turnId: started.executionId,
          code: "TURN_DEADLINE_EXCEEDED",
          message: "The turn did not finish within its deadline.",
        });
      };
      await runFlow(started.executionId);

      const run = await db().flowRun.findUniqueOrThrow({
        where: { id: started.flowRunId },
        select: { status: true, output: true, steps: { select: { status: true } } },
      });
      expect(run).toMatchObject({ status: "FAILED", output: null, steps: [{ status: "COMPLETED" }] });
      const call = await db().toolCall.findFirstOrThrow({ where: { turnId: started.executionId } });
      expect(call).toMatchObject({ status: "SUCCEEDED", result: { status: 200, body: { late: true } } });
      // The failure's turn.completed, then the call's and the step's ends; no second turn.completed.
      const events = await eventsOf(started.sessionId);
      expect(events.slice(-3).map((event) => event.type)).toEqual([
        "turn.completed",
        "tool_call.finished",
        "session.changed",
      ]);
      expect(events.filter((event) => event.type === "turn.completed").map((event) => event.data)).toMatchObject([
        { status: "failed" },
      ]);
      expect(await db().sessionMessage.count({ where: { sessionId: started.sessionId, role: "ASSISTANT" } })).toBe(0);
    } finally {
      await new Promise<void>((resolve) => upstream.close(() => resolve()));
    }
  });
});
