import { describe, expect, it } from "vitest";
import { refusalOf } from "../../../../test/console-kit";
import { actorIn, createUser } from "../../../../test/factories";
import { mintSessionCookie } from "@/server/auth/session-cookie";
import { db } from "@/server/db/client";
import { appRouter } from "@/server/routers/root";
import { eventTriggersEnabled, readEventTriggerSwitches } from "@/server/services/triggers/rollout";
import { createContext } from "@/server/trpc/context";
import { setInstanceEventTriggers } from "./set-instance-event-triggers";

async function callerFor(userId: string) {
  const cookie = await mintSessionCookie({ sub: userId, orgId: null });
  const headers = { cookie: `service_session=${encodeURIComponent(cookie)}` };
  return appRouter.createCaller(createContext(new Request("http://127.0.0.1/api/trpc", { headers }), "console"));
}

async function operator() {
  const user = await createUser();
  await db().user.update({ where: { id: user.id }, data: { isInstanceOperator: true, name: "Ivy Operator" } });
  return { ...user, name: "Ivy Operator", admin: (await callerFor(user.id)).admin };
}

const rolloutAuditOf = (organizationId: string) =>
  db().auditEntry.findMany({
    where: { organizationId, kind: "rollout.changed" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { actorUserId: true, actorLabel: true, summary: true, data: true },
  });

describe("the event-trigger rollout switches (/admin)", () => {
  it("an operator turns event triggers on and off for one organization; each change is in its audit log", async () => {
    const { organization } = await actorIn({ orgRole: "OWNER" });
    const ivy = await operator();
    const before = await ivy.admin.getEventTriggerRollout();
    expect(before.organizations.find((entry) => entry.id === organization.id)).toMatchObject({
      name: organization.name,
      enabled: false,
    });

    const on = await ivy.admin.setEventTriggerRollout({ orgId: organization.id, enabled: true });
    expect(on.organization).toMatchObject({ id: organization.id, enabled: true, effective: true });
    expect(await eventTriggersEnabled(organization.id)).toBe(true);
    await ivy.admin.setEventTriggerRollout({ orgId: organization.id, enabled: true });
    const listed = await ivy.admin.getEventTriggerRollout();
    expect(listed.organizations.find((entry) => entry.id === organization.id)).toMatchObject({ enabled: true });

    await ivy.admin.setEventTriggerRollout({ orgId: organization.id, enabled: false });
    expect(await eventTriggersEnabled(organization.id)).toBe(false);

    const label = `Ivy Operator <${ivy.email}> (service operator)`;
    expect(await rolloutAuditOf(organization.id)).toEqual([
      {
        actorUserId: ivy.id,
        actorLabel: label,
        summary: "Enabled event triggers for this organization (service operator)",
        data: { rollout: "event_triggers", changes: { enabled: { from: false, to: true } } },
      },
      {
        actorUserId: ivy.id,
        actorLabel: label,
        summary: "Disabled event triggers for this organization (service operator)",
        data: { rollout: "event_triggers", changes: { enabled: { from: true, to: false } } },
      },
    ]);
  });

  it("refuses anyone but an operator with the uniform 404, an unknown organization with 404, bad input with 400", async () => {
    const { organization, user } = await actorIn({ orgRole: "OWNER" });
    const owner = (await callerFor(user.id)).admin;
    expect(await refusalOf(owner.setEventTriggerRollout({ orgId: organization.id, enabled: true }))).toBe(
      "NOT_FOUND 404",
    );
    expect(await refusalOf(owner.setInstanceEventTriggers({ enabled: true }))).toBe("NOT_FOUND 404");
    expect(await refusalOf(owner.getEventTriggerRollout())).toBe("NOT_FOUND 404");
    expect(await eventTriggersEnabled(organization.id)).toBe(false);
    expect(await rolloutAuditOf(organization.id)).toEqual([]);

    const ivy = await operator();
    expect(await refusalOf(ivy.admin.setEventTriggerRollout({ orgId: crypto.randomUUID(), enabled: true }))).toBe(
      "NOT_FOUND 404",
    );
    expect(await refusalOf(ivy.admin.setEventTriggerRollout({ orgId: "acme", enabled: true }))).toMatch(
      /^VALIDATION [\s\S]*must be a UUID/,
    );
    expect(await refusalOf(ivy.admin.setInstanceEventTriggers({ enabled: "yes" as unknown as boolean }))).toMatch(
      /^VALIDATION [\s\S]*must be true or false/,
    );
  });

  // Run inside a transaction that is rolled back: on PostgreSQL the test files share one database,
  // and the instance switch would turn event triggers on for every other file's organizations.
  it("the instance switch turns event triggers on for every organization and writes no organization's log", async () => {
    const { organization } = await actorIn({ orgRole: "OWNER" });
    const ivy = await operator();
    const rolledBack = new Error("roll back");
    await expect(
      db().$transaction(async (tx) => {
        expect(await setInstanceEventTriggers(ivy.id, { enabled: true }, tx)).toEqual({ instanceEnabled: true });
        expect((await readEventTriggerSwitches(tx)).instance).toBe(true);
        expect(await eventTriggersEnabled(organization.id, tx)).toBe(true);
        expect(await setInstanceEventTriggers(ivy.id, { enabled: false }, tx)).toEqual({ instanceEnabled: false });
        expect(await eventTriggersEnabled(organization.id, tx)).toBe(false);
        expect(await tx.auditEntry.count({ where: { kind: "rollout.changed", organizationId: organization.id } })).toBe(
          0,
        );
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await eventTriggersEnabled(organization.id)).toBe(false);
  });
});
