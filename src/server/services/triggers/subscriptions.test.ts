import { describe, expect, it } from "vitest";
import { actorIn, addDomainMember, addOrgMember, createDomain, createUser } from "../../../../test/factories";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import type { DomainRole } from "@/server/db/generated/enums";
import { AppError } from "@/server/errors";
import { createAgent } from "@/server/services/agents/create-agent";
import { createAndPublishAgent } from "@/server/services/agents/create-and-publish-agent";
import { createTrigger } from "./create-trigger";
import { listTriggers } from "./list-triggers";
import { setTriggerActive } from "./set-trigger-active";
import { listSubscribable, subscribeAutomation, unsubscribeAutomation } from "./subscriptions";

/** The organization's trigger audit entries, oldest first, as stored. */
async function triggerAuditOf(organizationId: string) {
  return db().auditEntry.findMany({
    where: { organizationId, kind: { startsWith: "trigger." } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { kind: true, actorUserId: true, subjectId: true, summary: true, data: true },
  });
}

type TWorld = Awaited<ReturnType<typeof actorIn>>;

async function memberOf(world: TWorld, role: DomainRole): Promise<TUserActor> {
  const user = await createUser();
  await addOrgMember(world.organization.id, user.id);
  await addDomainMember(world.domain.id, user.id, role);
  return { ...world.actor, userId: user.id, email: user.email, orgRole: "MEMBER" };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function setup() {
  const world = await actorIn({ domainRole: "OWNER" });
  const publish = (name: string, domainId = world.domain.id, bindingPolicies = {}) =>
    createAndPublishAgent(world.actor, {
      domainId,
      name,
      setup: { model: "builtin:echo" },
      bindingPolicies,
      changeNote: "test",
    }).then(({ agent }) => agent.id);
  const echo = await publish("Echo");
  const callerOnly = await createAndPublishAgent(world.actor, {
    domainId: world.domain.id,
    name: "Caller only",
    setup: { model: "builtin:procedure", procedure: '#service.http.get {"url":"https://example.test/x"}' },
    bindingPolicies: { "service.http": "caller_required" },
    changeNote: "test",
  }).then(({ agent }) => agent.id);
  const { trigger } = await createTrigger(world.actor, {
    type: "api",
    domainId: world.domain.id,
    name: "Order placed",
  });
  return { ...world, publish, echo, callerOnly, trigger };
}

describe("trigger subscriptions", () => {
  it("subscribes published agents of the domain once each and lists them with the trigger", async () => {
    const world = await setup();
    await subscribeAutomation(world.actor, { triggerId: world.trigger.id, automationId: world.echo });
    await subscribeAutomation(world.actor, { triggerId: world.trigger.id, automationId: world.echo });
    const { subscribers } = await subscribeAutomation(world.actor, {
      triggerId: world.trigger.id,
      automationId: world.callerOnly,
    });
    expect(subscribers).toEqual([
      { automationId: world.echo, name: "Echo", kind: "agent", callerRequired: false },
      { automationId: world.callerOnly, name: "Caller only", kind: "agent", callerRequired: true },
    ]);
    const viewer = await memberOf(world, "VIEWER");
    const { triggers } = await listTriggers(viewer, { domainId: world.domain.id });
    expect(triggers).toEqual([{ trigger: world.trigger, subscribers }]);

    const after = await unsubscribeAutomation(world.actor, { triggerId: world.trigger.id, automationId: world.echo });
    expect(after.subscribers.map((subscriber) => subscriber.automationId)).toEqual([world.callerOnly]);
    await unsubscribeAutomation(world.actor, { triggerId: world.trigger.id, automationId: world.echo });
    expect(await db().triggerSubscription.count({ where: { triggerId: world.trigger.id } })).toBe(1);
  });

  it("refuses drafts, other domains, other organizations and roles that may not edit", async () => {
    const world = await setup();
    const draft = await createAgent(world.actor, { domainId: world.domain.id, name: "Draft" });
    const unpublished = await refusal(
      subscribeAutomation(world.actor, { triggerId: world.trigger.id, automationId: draft.id }),
    );
    expect([unpublished.status, unpublished.details]).toEqual([400, { field: "automationId" }]);
    expect(unpublished.message).toContain("publish it");

    const sales = await createDomain(world.organization.id, "Sales");
    await addDomainMember(sales.id, world.user.id, "OWNER");
    const salesAgent = await world.publish("Sales echo", sales.id);
    const crossDomain = await refusal(
      subscribeAutomation(world.actor, { triggerId: world.trigger.id, automationId: salesAgent }),
    );
    expect([crossDomain.status, crossDomain.details]).toEqual([400, { field: "automationId" }]);

    const other = await actorIn({ domainRole: "OWNER" });
    const theirs = await createAndPublishAgent(other.actor, {
      domainId: other.domain.id,
      name: "Theirs",
      setup: { model: "builtin:echo" },
    });
    expect(
      (await refusal(subscribeAutomation(world.actor, { triggerId: world.trigger.id, automationId: theirs.agent.id })))
        .status,
    ).toBe(404);
    expect(
      (await refusal(subscribeAutomation(other.actor, { triggerId: world.trigger.id, automationId: theirs.agent.id })))
        .status,
    ).toBe(404);
    expect((await refusal(listTriggers(other.actor, { domainId: world.domain.id }))).status).toBe(404);

    for (const role of ["VIEWER", "OPERATOR"] as const) {
      const actor = await memberOf(world, role);
      expect(
        (await refusal(subscribeAutomation(actor, { triggerId: world.trigger.id, automationId: world.echo }))).status,
        role,
      ).toBe(403);
      expect(
        (await refusal(unsubscribeAutomation(actor, { triggerId: world.trigger.id, automationId: world.echo }))).status,
        role,
      ).toBe(403);
      expect(
        (await refusal(setTriggerActive(actor, { triggerId: world.trigger.id, active: false }))).status,
        role,
      ).toBe(403);
    }
    expect(await db().triggerSubscription.count({ where: { triggerId: world.trigger.id } })).toBe(0);
  });

  it("lists only published automations of the domain as subscribable", async () => {
    const world = await setup();
    await createAgent(world.actor, { domainId: world.domain.id, name: "Draft" });
    const { automations } = await listSubscribable(world.actor, { domainId: world.domain.id });
    expect(automations.map((automation) => automation.name)).toEqual(["Caller only", "Echo"]);
  });

  it("deactivates and reactivates; a schedule plans its next firing from now, not the missed ones", async () => {
    const world = await setup();
    const off = await setTriggerActive(world.actor, { triggerId: world.trigger.id, active: false });
    expect(off.trigger).toMatchObject({ type: "api", active: false });
    const { trigger: schedule } = await createTrigger(world.actor, {
      type: "schedule",
      domainId: world.domain.id,
      name: "Every minute",
      cron: "* * * * *",
    });
    const paused = await setTriggerActive(world.actor, { triggerId: schedule.id, active: false });
    expect(paused.trigger).toMatchObject({ active: false, nextFireAt: null });
    const before = Date.now();
    const resumed = await setTriggerActive(world.actor, { triggerId: schedule.id, active: true });
    if (resumed.trigger.type !== "schedule") throw new Error("schedule expected");
    const next = Date.parse(resumed.trigger.nextFireAt!);
    expect(next).toBeGreaterThan(before);
    expect(next - before).toBeLessThanOrEqual(60_000);
    const other = await actorIn({ domainRole: "OWNER" });
    expect((await refusal(setTriggerActive(other.actor, { triggerId: schedule.id, active: false }))).status).toBe(404);
  });

  it("logs activation, deactivation, subscribing and unsubscribing once each; no-ops and refusals log nothing", async () => {
    const world = await setup();
    const viewer = await memberOf(world, "VIEWER");
    const trigger = world.trigger.id;
    await setTriggerActive(world.actor, { triggerId: trigger, active: false });
    await setTriggerActive(world.actor, { triggerId: trigger, active: false });
    await setTriggerActive(world.actor, { triggerId: trigger, active: true });
    await refusal(setTriggerActive(viewer, { triggerId: trigger, active: false }));
    await subscribeAutomation(world.actor, { triggerId: trigger, automationId: world.echo });
    await subscribeAutomation(world.actor, { triggerId: trigger, automationId: world.echo });
    await refusal(subscribeAutomation(viewer, { triggerId: trigger, automationId: world.callerOnly }));
    await unsubscribeAutomation(world.actor, { triggerId: trigger, automationId: world.echo });
    await unsubscribeAutomation(world.actor, { triggerId: trigger, automationId: world.echo });

    const entries = await triggerAuditOf(world.organization.id);
    expect(entries.map((entry) => [entry.kind, entry.summary])).toEqual([
      ["trigger.created", 'Created the api trigger "Order placed"'],
      ["trigger.deactivated", 'Deactivated the trigger "Order placed"'],
      ["trigger.activated", 'Activated the trigger "Order placed"'],
      ["trigger.subscribed", 'Subscribed the agent "Echo" to the trigger "Order placed"'],
      ["trigger.unsubscribed", 'Unsubscribed the agent "Echo" from the trigger "Order placed"'],
    ]);
    expect(entries.every((entry) => entry.actorUserId === world.actor.userId && entry.subjectId === trigger)).toBe(
      true,
    );
    expect(entries[3]!.data).toEqual({ automationId: world.echo, automationName: "Echo", domainId: world.domain.id });
  });
});
