import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, type TAgentsWorld, type TPerson } from "../../../../test/agents-kit";
import { consoleAs, refusalOf } from "../../../../test/console-kit";
import { publishAgent, startEngine, startReceiver, stopEngine, waitForTurn } from "../../../../test/sessions-kit";
import type { TCreateTriggerRequest } from "@/contracts/triggers/create-trigger";
import { db } from "@/server/db/client";
import { env } from "@/server/env";
import { createConnection } from "@/server/services/connections/create-connection";
import { createAndPublishFlow } from "@/server/services/flows/create-and-publish-flow";
import { createTrigger } from "./create-trigger";
import { enableEventTriggers } from "./rollout";
import { setTriggerActive } from "./set-trigger-active";
import { subscribeAutomation } from "./subscriptions";

// "Fire now" from the console trigger page: the console procedure, the shared fan-out, the
// real queue and workers, and a loopback receiver standing in for the flow's upstream.

const HTTP = "service.http";
const triggersAs = async (who: TPerson) => (await consoleAs(who)).triggers;
let world: TAgentsWorld;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let connectionId: string;
const ids = {} as Record<"echo" | "required" | "flow", string>;
const marker = () => `m${crypto.randomUUID().slice(0, 12)}`;

async function trigger(body: Record<string, unknown>, subscribers: string[]) {
  const owner = world.people.owner.actor;
  const { trigger: created } = await createTrigger(owner, {
    domainId: world.acme.ops,
    name: `T ${marker()}`,
    ...body,
  } as TCreateTriggerRequest);
  for (const automationId of subscribers) await subscribeAutomation(owner, { triggerId: created.id, automationId });
  return created.id;
}

beforeAll(async () => {
  world = await agentsWorld();
  receiver = await startReceiver();
  env.HTTP_TOOL_ALLOWED_HOSTS = receiver.hostPort;
  await startEngine();
  const owner = world.people.owner.actor;
  connectionId = (
    await createConnection(owner, { domainId: world.acme.ops, integrationId: HTTP, name: "HTTP", token: "org-token" })
  ).connection.id;
  ids.echo = await publishAgent(owner, world.acme.ops, { model: "builtin:echo" });
  const callerOnly = {
    model: "builtin:procedure",
    procedure: `#service.http.get ${JSON.stringify({ url: `${receiver.base}/caller` })}`,
  };
  ids.required = await publishAgent(owner, world.acme.ops, callerOnly, {
    bindingPolicies: { [HTTP]: "caller_required" },
  });
  const { flow } = await createAndPublishFlow(owner, {
    domainId: world.acme.ops,
    name: `Flow ${marker()}`,
    graph: {
      inputSchema: { type: "object", properties: {}, additionalProperties: true },
      steps: [
        {
          id: "post",
          kind: "tool",
          tool: "service.http.post",
          args: { url: `${receiver.base}/flow`, body: "{{input}}" },
        },
      ],
    },
  });
  ids.flow = flow.id;
});

afterAll(async () => {
  await stopEngine();
  await receiver.close();
});

describe("Fire now", () => {
  it("fires an API trigger with the typed input, records a manual firing with its actor, and refuses the caller_required subscriber", async () => {
    const triggerId = await trigger({ type: "api" }, [ids.echo, ids.required, ids.flow]);
    const m = marker();
    const fired = await (await triggersAs(world.people.operator)).fireNow({ triggerId, input: { prompt: m } });
    const byId = new Map(fired.results.map((result) => [result.automationId, result]));
    expect(byId.get(ids.echo)).toMatchObject({ outcome: "started", kind: "agent" });
    expect(byId.get(ids.flow)).toMatchObject({ outcome: "started", kind: "flow" });
    expect(byId.get(ids.required)).toMatchObject({
      outcome: "failed",
      errorCode: "CALLER_CREDENTIALS_REQUIRED",
      sessionId: null,
    });
    for (const result of fired.results.filter((result) => result.sessionId)) {
      const turn = await db().turn.findFirstOrThrow({ where: { sessionId: result.sessionId! } });
      expect((await waitForTurn(turn.id)).status).toBe("COMPLETED");
    }
    // The flow received the typed input verbatim; the caller-required agent never called out.
    expect(receiver.withMarker(m).map((request) => [request.path, JSON.parse(request.body)])).toEqual([
      ["/flow", { prompt: m }],
    ]);

    const history = await (await triggersAs(world.people.viewer)).history({ triggerId });
    expect(history.firings).toHaveLength(1);
    expect(history.firings[0]).toMatchObject({
      id: fired.firingId,
      source: "manual",
      actor: { userId: world.people.operator.actor.userId },
    });
  });

  it("fires a schedule trigger with its stored input and an event trigger with a sample event, unfiltered", async () => {
    const m = marker();
    const scheduleId = await trigger({ type: "schedule", cron: "0 0 1 1 *", input: { stored: m } }, [ids.flow]);
    const operator = await triggersAs(world.people.operator);
    const scheduled = await operator.fireNow({ triggerId: scheduleId });
    expect(scheduled.results).toMatchObject([{ outcome: "started" }]);
    await waitForTurn(
      (await db().turn.findFirstOrThrow({ where: { sessionId: scheduled.results[0]!.sessionId! } })).id,
    );
    expect(receiver.withMarker(m).map((request) => JSON.parse(request.body))).toEqual([{ stored: m }]);

    await enableEventTriggers(world.acme.id);
    const eventFilter = { field: "payload.kind", operator: "equals", value: "never-matches" };
    const eventId = await trigger(
      { type: "event", sourceIntegrationId: HTTP, connectionId, eventType: "webhook.received", eventFilter },
      [ids.flow],
    );
    const e = marker();
    const evented = await operator.fireNow({
      triggerId: eventId,
      event: { payload: { kind: "other", e }, actor: { id: "u1" } },
    });
    expect(evented.results).toMatchObject([{ outcome: "started" }]);
    await waitForTurn((await db().turn.findFirstOrThrow({ where: { sessionId: evented.results[0]!.sessionId! } })).id);
    const [delivered] = receiver.withMarker(e).map((request) => JSON.parse(request.body));
    expect(delivered).toMatchObject({
      eventType: "webhook.received",
      actor: { id: "u1" },
      payload: { kind: "other", e },
    });
    expect(await refusalOf(operator.fireNow({ triggerId: eventId }))).toMatch(/^VALIDATION .*sample `event`/);
  });

  it("refuses inactive triggers (409), Viewers (403), other organizations (404) and callerCredentials (400)", async () => {
    const triggerId = await trigger({ type: "api" }, [ids.echo]);
    expect(await refusalOf((await triggersAs(world.people.viewer)).fireNow({ triggerId }))).toBe("FORBIDDEN 403");
    expect(await refusalOf((await triggersAs(world.people.globexOwner)).fireNow({ triggerId }))).toBe("NOT_FOUND 404");
    expect(await refusalOf((await triggersAs(world.people.salesEditor)).fireNow({ triggerId }))).toBe("NOT_FOUND 404");
    const refused = await refusalOf(
      (await triggersAs(world.people.operator)).fireNow({
        triggerId,
        callerCredentials: { integrations: {} },
      } as never),
    );
    expect(refused).toMatch(/^VALIDATION [\s\S]*console never takes caller credentials/);
    await setTriggerActive(world.people.owner.actor, { triggerId, active: false });
    expect(await refusalOf((await triggersAs(world.people.operator)).fireNow({ triggerId }))).toBe("CONFLICT 409");
    expect(await db().triggerFiring.count({ where: { triggerId } })).toBe(0);
  });
});
