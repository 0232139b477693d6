import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, type TAgentsWorld } from "../../../../test/agents-kit";
import { publishAgent, startEngine, stopEngine } from "../../../../test/sessions-kit";
import { createTrigger } from "@/server/services/triggers/create-trigger";
import { subscribeAutomation } from "@/server/services/triggers/subscriptions";
import { fireTriggerByApi } from "./fire-api";
import { automationHistory, triggerHistory } from "./run-history";

// Run history through the same services the console calls; firings made by the fire service.

let world: TAgentsWorld;
const ids = {} as Record<"echo" | "required" | "trigger", string>;

beforeAll(async () => {
  world = await agentsWorld();
  await startEngine({ workers: false });
  const owner = world.people.owner.actor;
  ids.echo = await publishAgent(owner, world.acme.ops, { model: "builtin:echo" });
  ids.required = await publishAgent(
    owner,
    world.acme.ops,
    { model: "builtin:echo", procedure: '#service.http.get {"url":"http://127.0.0.1:9/caller"}' },
    { bindingPolicies: { "service.http": "caller_required" } },
  );
  const { trigger } = await createTrigger(owner, { type: "api", domainId: world.acme.ops, name: "History" });
  ids.trigger = trigger.id;
  for (const automationId of [ids.echo, ids.required])
    await subscribeAutomation(owner, { triggerId: ids.trigger, automationId });
});

afterAll(async () => {
  await stopEngine();
});

const fire = (body: Record<string, unknown>) =>
  fireTriggerByApi(world.people.operator.actor, { triggerId: ids.trigger, input: {}, ...body }, new Headers());

describe("run history", () => {
  it("lists firings per trigger with every subscriber's outcome, filters by outcome and pages", async () => {
    const token = `secret-${crypto.randomUUID()}`;
    const started = await fire({
      callerCredentials: { integrations: { "service.http": { token }, "other.tool": { token } } },
    });
    await fire({});
    const { firings, nextBefore } = await triggerHistory(world.people.viewer.actor, { triggerId: ids.trigger });
    expect(nextBefore).toBeNull();
    expect(firings).toHaveLength(2);
    const [latest, first] = firings;
    expect(first).toMatchObject({
      source: "api",
      actor: { userId: world.people.operator.actor.userId, name: world.people.operator.actor.name },
      unusedIntegrationIds: ["other.tool"],
    });
    expect(first!.results.map((result) => [result.automationId, result.outcome]).sort()).toEqual(
      [
        [ids.echo, "started"],
        [ids.required, "started"],
      ].sort(),
    );
    expect(first!.results.map((result) => result.sessionId).sort()).toEqual(
      started.body.sessions.map((session) => session.sessionId).sort(),
    );
    expect(latest!.results.find((result) => result.automationId === ids.required)).toMatchObject({
      outcome: "failed",
      errorCode: "CALLER_CREDENTIALS_REQUIRED",
      sessionId: null,
      kind: "agent",
    });
    expect(JSON.stringify(firings)).not.toContain(token);

    const failed = await triggerHistory(world.people.owner.actor, { triggerId: ids.trigger, outcome: "failed" });
    expect(failed.firings.map((firing) => firing.id)).toEqual([latest!.id]);
    expect(
      (await triggerHistory(world.people.owner.actor, { triggerId: ids.trigger, outcome: "skipped" })).firings,
    ).toEqual([]);

    const pageOne = await triggerHistory(world.people.owner.actor, { triggerId: ids.trigger, limit: 1 });
    expect(pageOne.firings.map((firing) => firing.id)).toEqual([latest!.id]);
    const pageTwo = await triggerHistory(world.people.owner.actor, {
      triggerId: ids.trigger,
      limit: 1,
      before: pageOne.nextBefore!,
    });
    expect(pageTwo.firings.map((firing) => firing.id)).toEqual([first!.id]);
  });

  it("lists one agent's runs across firings with its own result", async () => {
    const { runs } = await automationHistory(world.people.owner.actor, { automationId: ids.required });
    expect(runs.map((run) => run.outcome)).toEqual(["failed", "started"]);
    expect(runs[0]).toMatchObject({
      triggerId: ids.trigger,
      triggerName: "History",
      source: "api",
      errorCode: "CALLER_CREDENTIALS_REQUIRED",
    });
    expect(
      (await automationHistory(world.people.owner.actor, { automationId: ids.required, outcome: "started" })).runs,
    ).toHaveLength(1);
  });

  it("is 404 for another organization and 403 for a member of the organization outside the domain", async () => {
    await expect(triggerHistory(world.people.globexOwner.actor, { triggerId: ids.trigger })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(automationHistory(world.people.globexOwner.actor, { automationId: ids.echo })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(triggerHistory(world.people.orgAdmin.actor, { triggerId: ids.trigger })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});
