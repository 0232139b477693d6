import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flowEngineWorld } from "../../../test/flows-kit";
import type { TAgentsWorld } from "../../../test/agents-kit";
import { eventsOf, waitForTurn } from "../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { createAndPublishFlow } from "@/server/services/flows/create-and-publish-flow";
import { flowRunStart } from "@/server/services/flows/start-flow-run";
import { startSession } from "@/server/services/sessions/start-sessions";

// A flow run started the way trigger fan-outs start it, with caller credentials, on the real
// queue and workers: the caller's material reaches the tool and leaves with the run.

let world: TAgentsWorld;
let receiver: Awaited<ReturnType<typeof flowEngineWorld>>["receiver"];
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ world, receiver, stop } = await flowEngineWorld(`org-token-${crypto.randomUUID()}`));
});

afterAll(() => stop());

const openSchema = { type: "object", properties: {}, additionalProperties: true };

describe("caller credentials (a flow run started as trigger fan-outs start it)", () => {
  async function callerFlow() {
    const { flow, revision } = await createAndPublishFlow(world.people.owner.actor, {
      domainId: world.acme.ops,
      name: `Caller flow ${crypto.randomUUID().slice(0, 8)}`,
      graph: {
        inputSchema: openSchema,
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
    return { flowId: flow.id, revision };
  }

  async function start(
    flowId: string,
    revision: number,
    input: Record<string, unknown>,
    callerCredentials?: { integrations: Record<string, { token: string }> },
  ) {
    const started = await db().$transaction((tx) =>
      startSession(tx, {
        organizationId: world.acme.id,
        domainId: world.acme.ops,
        automationId: flowId,
        revision,
        ...flowRunStart(input),
        ownerId: null,
        origin: "TRIGGER",
        callerCredentials,
      }),
    );
    const turn = await db().turn.findFirstOrThrow({ where: { sessionId: started.sessionId } });
    await waitForTurn(turn.id);
    return {
      ...started,
      turnId: turn.id,
      flowRun: await db().flowRun.findUniqueOrThrow({ where: { id: started.flowRunId! } }),
    };
  }

  it("uses the caller's material for a caller-required binding and deletes the grant when the run settles", async () => {
    const { flowId, revision } = await callerFlow();
    const marker = `m-${crypto.randomUUID()}`;
    const callerToken = `caller-${crypto.randomUUID()}`;
    const started = await start(
      flowId,
      revision,
      { marker },
      { integrations: { "service.http": { token: callerToken } } },
    );
    expect(started.flowRun.status).toBe("COMPLETED");
    expect(receiver.withMarker(marker)[0]!.headers.authorization).toBe(`Bearer ${callerToken}`);
    expect(await db().callerGrant.count({ where: { turnId: started.turnId } })).toBe(0);
    const session = await db().agentSession.findUniqueOrThrow({ where: { id: started.sessionId } });
    expect(session).toMatchObject({ origin: "TRIGGER", ownerId: null });
    const events = JSON.stringify(await eventsOf(started.sessionId));
    expect(events).not.toContain(callerToken);
  });

  it("fails the run with CALLER_CREDENTIALS_REQUIRED without material, calling nothing", async () => {
    const { flowId, revision } = await callerFlow();
    const marker = `m-${crypto.randomUUID()}`;
    const started = await start(flowId, revision, { marker });
    expect(started.flowRun).toMatchObject({ status: "FAILED", errorCode: "CALLER_CREDENTIALS_REQUIRED" });
    expect(receiver.withMarker(marker)).toHaveLength(0);
  });
});
