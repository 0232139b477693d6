import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentsWorld, type TAgentsWorld } from "../../../../test/agents-kit";
import { publishAgent, startEngine, stopEngine } from "../../../../test/sessions-kit";
import { db } from "@/server/db/client";
import { createTrigger } from "@/server/services/triggers/create-trigger";
import { subscribeAutomation } from "@/server/services/triggers/subscriptions";
import { fireDueSchedules, latestDueSlot } from "./fire-due-schedules";
import { FiringSlotTaken, fireTrigger } from "./fire-trigger";

// Schedule firings: the claim by compare-and-set on nextFireAt, several workers ticking at once,
// missed slots after downtime, and section 5 rule 8 (no caller: caller-required refused).

let world: TAgentsWorld;
const ids = {} as Record<"echo" | "required", string>;

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
});

afterAll(async () => {
  await stopEngine();
});

async function scheduleTrigger(cron: string, input?: Record<string, unknown>) {
  const owner = world.people.owner.actor;
  const { trigger } = await createTrigger(owner, {
    type: "schedule",
    domainId: world.acme.ops,
    name: `Every ${crypto.randomUUID().slice(0, 6)}`,
    cron,
    timezone: "UTC",
    ...(input ? { input } : {}),
  });
  for (const automationId of [ids.echo, ids.required])
    await subscribeAutomation(owner, { triggerId: trigger.id, automationId });
  return trigger.id;
}

const plan = (triggerId: string, nextFireAt: Date) =>
  db().trigger.update({ where: { id: triggerId }, data: { nextFireAt } });
const firings = (triggerId: string) =>
  db().triggerFiring.findMany({ where: { triggerId }, include: { results: true } });

describe("schedule firings", () => {
  it("fires a due slot once when several workers tick together, refusing caller-required subscribers", async () => {
    const triggerId = await scheduleTrigger("*/5 * * * *", { prompt: "scheduled hello" });
    const slot = new Date("2026-01-01T10:05:00Z");
    await plan(triggerId, slot);
    const now = new Date("2026-01-01T10:05:02Z");
    await Promise.all(Array.from({ length: 5 }, () => fireDueSchedules(now)));
    const [firing, ...rest] = await firings(triggerId);
    expect(rest).toHaveLength(0);
    expect(firing).toMatchObject({ source: "SCHEDULE", actorId: null, scheduledFor: slot });
    const outcomes = Object.fromEntries(
      firing!.results.map((result) => [result.automationId, [result.outcome, result.errorCode]]),
    );
    expect(outcomes).toEqual({
      [ids.echo]: ["STARTED", null],
      [ids.required]: ["FAILED", "CALLER_CREDENTIALS_REQUIRED"],
    });
    const started = firing!.results.find((result) => result.automationId === ids.echo)!;
    const session = await db().agentSession.findUniqueOrThrow({
      where: { id: started.sessionId! },
      include: { messages: true },
    });
    expect(session).toMatchObject({ origin: "TRIGGER", ownerId: null });
    expect(session.messages[0]?.body).toBe("scheduled hello");
    // Planned from now on: the next slot after the tick.
    expect((await db().trigger.findUniqueOrThrow({ where: { id: triggerId } })).nextFireAt).toEqual(
      new Date("2026-01-01T10:10:00Z"),
    );
    // A later tick before the next slot fires nothing.
    await fireDueSchedules(new Date("2026-01-01T10:09:59Z"));
    expect(await firings(triggerId)).toHaveLength(1);
  });

  it("keeps a slot's second firing from committing anything (the unique slot, the guard behind the claim)", async () => {
    const triggerId = await scheduleTrigger("*/5 * * * *");
    const trigger = await db().trigger.findUniqueOrThrow({
      where: { id: triggerId },
      select: { id: true, organizationId: true, domainId: true, name: true },
    });
    const slot = new Date("2026-01-01T11:00:00Z");
    const fire = () =>
      db().$transaction((tx) =>
        fireTrigger(tx, { trigger, source: "SCHEDULE", actorId: null, input: {}, scheduledFor: slot }),
      );
    const sessionsOf = () => db().agentSession.count({ where: { originTriggerId: triggerId } });
    await fire();
    expect(await sessionsOf()).toBe(1);
    await expect(fire()).rejects.toBeInstanceOf(FiringSlotTaken);
    expect(await sessionsOf()).toBe(1);
    expect(await firings(triggerId)).toEqual([
      expect.objectContaining({
        scheduledFor: slot,
        results: expect.arrayContaining([expect.objectContaining({ automationId: ids.echo, outcome: "STARTED" })]),
      }),
    ]);
  });

  it("after downtime fires once for the latest missed slot and skips the rest", async () => {
    const triggerId = await scheduleTrigger("* * * * *");
    await plan(triggerId, new Date("2026-01-01T08:00:00Z"));
    await fireDueSchedules(new Date("2026-01-01T09:30:20Z"));
    const all = await firings(triggerId);
    expect(all.map((firing) => firing.scheduledFor)).toEqual([new Date("2026-01-01T09:30:00Z")]);
    expect((await db().trigger.findUniqueOrThrow({ where: { id: triggerId } })).nextFireAt).toEqual(
      new Date("2026-01-01T09:31:00Z"),
    );
  });

  it("does not fire inactive triggers and reads the cron in the trigger's time zone", async () => {
    const triggerId = await scheduleTrigger("* * * * *");
    await db().trigger.update({
      where: { id: triggerId },
      data: { active: false, nextFireAt: new Date("2026-01-01T08:00:00Z") },
    });
    await fireDueSchedules(new Date("2026-01-01T08:00:30Z"));
    expect(await firings(triggerId)).toHaveLength(0);
    // 09:00 in Berlin (UTC+1 in January) is 08:00 UTC.
    expect(
      latestDueSlot("0 9 * * *", "Europe/Berlin", new Date("2026-01-01T08:00:00Z"), new Date("2026-01-03T12:00:00Z")),
    ).toEqual(new Date("2026-01-03T08:00:00Z"));
  });
});
