import { beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, type TAgentsWorld } from "../../../test/agents-kit";
import { eventsOf, openTurnWithoutJob, publishAgent } from "../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { recordUnavailableCall, type TToolCallContext } from "@/server/engine/tool-calls";

// A call the agent may not make is recorded, never run: its row FAILED with TOOL_NOT_AVAILABLE and
// its `tool_call.finished`, in one statement (the model is told; flows fail their step with it).

let world: TAgentsWorld;
let echoAgent: string;

beforeAll(async () => {
  world = await agentsWorld();
  echoAgent = await publishAgent(world.people.owner.actor, world.acme.ops, { model: "builtin:echo" });
});

async function contextOfNewTurn(): Promise<TToolCallContext> {
  const { sessionId, turnId } = await openTurnWithoutJob(world.people.owner.actor.userId, echoAgent, "hello");
  return {
    turnId,
    sessionId,
    orgId: world.acme.id,
    domainId: world.acme.ops,
    tools: new Map(),
    workspace: undefined,
    revision: { knowledgeSelection: { mode: "none" } },
  } as unknown as TToolCallContext;
}

describe("a call to a tool the agent does not have", () => {
  it("is recorded FAILED with TOOL_NOT_AVAILABLE and told on the stream, with the call's own index", async () => {
    const context = await contextOfNewTurn();
    context.nextCallIndex = 3;
    await recordUnavailableCall(context, { id: "c1", name: "service.mail.send", args: { to: "someone@example.com" } });
    const [call] = await db().toolCall.findMany({ where: { turnId: context.turnId } });
    expect(call).toMatchObject({
      index: 3,
      toolName: "service.mail.send",
      integrationId: "",
      status: "FAILED",
      errorCode: "TOOL_NOT_AVAILABLE",
      args: { to: "someone@example.com" },
      startedAt: null,
    });
    expect(call!.errorMessage).toMatch(/not available to this agent/);
    expect(call!.finishedAt).toEqual(call!.createdAt);
    const events = await eventsOf(context.sessionId);
    expect(events.map((event) => [event.type, event.data])).toEqual([
      [
        "tool_call.finished",
        {
          executionId: context.turnId,
          toolCallId: call!.id,
          name: "service.mail.send",
          status: "failed",
          errorCode: "TOOL_NOT_AVAILABLE",
        },
      ],
    ]);
    const written = await db().sessionEvent.findFirstOrThrow({
      where: { sessionId: context.sessionId },
      select: { createdAt: true },
    });
    expect(written.createdAt).toEqual(call!.finishedAt);
  });

  it("keeps a caller's own message (a flow's step names why its tool is missing)", async () => {
    const context = await contextOfNewTurn();
    await recordUnavailableCall(
      context,
      { id: "", name: "custom.gone.run", args: {} },
      "The tool custom.gone.run is not available to this flow revision.",
    );
    const [call] = await db().toolCall.findMany({ where: { turnId: context.turnId } });
    expect(call).toMatchObject({
      index: 0,
      status: "FAILED",
      errorMessage: "The tool custom.gone.run is not available to this flow revision.",
    });
  });
});
