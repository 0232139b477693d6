import { describe, expect, it } from "vitest";
import { actorIn } from "../../../../test/factories";
import type { TUserActor } from "@/server/auth/actor";
import { mintSessionCookie } from "@/server/auth/session-cookie";
import { db } from "@/server/db/client";
import { appRouter } from "@/server/routers/root";
import { createContext } from "@/server/trpc/context";
import { createCallerFactory } from "@/server/trpc/init";
import { surfaceProcedures } from "@/server/trpc/surface";
import { checkBudget } from "./check-budget";
import { getBudget } from "./get-budget";
import { recordTurnUsage } from "@/server/execution/turn-usage";
import { setBudget } from "./set-budget";

const createCaller = createCallerFactory(appRouter);

async function consoleCaller(actor: TUserActor) {
  const cookie = await mintSessionCookie({ sub: actor.userId, orgId: actor.orgId });
  return createCaller(
    createContext(
      new Request("http://localhost/api/trpc", { headers: { cookie: `service_session=${cookie}` } }),
      "console",
    ),
  );
}

/** A real session with one turn created at `createdAt`, to carry usage. */
async function turnAt(organizationId: string, domainId: string, createdAt: Date) {
  const automation = await db().automation.create({
    data: { organizationId, domainId, kind: "AGENT", name: "Budgeted agent" },
    select: { id: true },
  });
  const session = await db().agentSession.create({
    data: {
      organizationId,
      domainId,
      automationId: automation.id,
      revision: 1,
      kind: "DOMAIN",
      origin: "API",
      title: "t",
    },
    select: { id: true },
  });
  return db().turn.create({
    data: {
      sessionId: session.id,
      organizationId,
      number: 1,
      deadlineAt: new Date(createdAt.getTime() + 3_600_000),
      createdAt,
    },
    select: { id: true },
  });
}

async function addUsage(turnId: string, inputTokens: number, outputTokens: number, costMicroUsd: number) {
  await db().$transaction((tx) => recordTurnUsage(tx, turnId, { inputTokens, outputTokens, costMicroUsd }));
}

const NOW = new Date("2026-03-15T12:00:00Z");

describe("model budget", () => {
  it("is unlimited without a budget row or with null limits", async () => {
    const { organization, domain, actor } = await actorIn({ orgRole: "OWNER" });
    const turn = await turnAt(organization.id, domain.id, NOW);
    await addUsage(turn.id, 10_000_000, 10_000_000, 999_000_000);
    expect(await checkBudget(organization.id, NOW)).toEqual({ ok: true });
    await setBudget(actor, { monthlyTokenLimit: null, monthlyCostLimitUsd: null }, NOW);
    expect(await checkBudget(organization.id, NOW)).toEqual({ ok: true });
  });

  it("accumulates a turn's usage across steps", async () => {
    const { organization, domain } = await actorIn();
    const turn = await turnAt(organization.id, domain.id, NOW);
    await addUsage(turn.id, 100, 20, 1_500);
    await addUsage(turn.id, 50, 5, 500);
    const row = await db().turn.findUniqueOrThrow({
      where: { id: turn.id },
      select: { inputTokens: true, outputTokens: true, costMicroUsd: true },
    });
    expect(row).toEqual({ inputTokens: 150, outputTokens: 25, costMicroUsd: 2_000n });
  });

  it("refuses with LLM_BUDGET_EXHAUSTED once this UTC month's tokens reach the limit", async () => {
    const { organization, domain, actor } = await actorIn({ orgRole: "ADMIN" });
    const other = await actorIn();
    await setBudget(actor, { monthlyTokenLimit: 1_000, monthlyCostLimitUsd: null }, NOW);
    // Last month's turn and another organization's turn do not count.
    await addUsage((await turnAt(organization.id, domain.id, new Date("2026-02-28T23:59:59Z"))).id, 5_000, 5_000, 0);
    await addUsage((await turnAt(other.organization.id, other.domain.id, NOW)).id, 5_000, 5_000, 0);
    const turn = await turnAt(organization.id, domain.id, new Date("2026-03-01T00:00:00Z"));
    await addUsage(turn.id, 600, 399, 0);
    expect(await checkBudget(organization.id, NOW)).toEqual({ ok: true });
    await addUsage(turn.id, 1, 0, 0);
    const refused = await checkBudget(organization.id, NOW);
    expect(refused).toMatchObject({ ok: false, code: "LLM_BUDGET_EXHAUSTED" });
    expect(refused.ok === false && refused.message).toContain("1,000 of 1,000 tokens");
    expect(refused.ok === false && refused.message).toContain("2026-04-01");
    // The next month starts fresh.
    expect(await checkBudget(organization.id, new Date("2026-04-01T00:00:00Z"))).toEqual({ ok: true });
  });

  it("refuses once the month's cost reaches the limit", async () => {
    const { organization, domain, actor } = await actorIn({ orgRole: "OWNER" });
    await setBudget(actor, { monthlyTokenLimit: null, monthlyCostLimitUsd: 0.5 }, NOW);
    const turn = await turnAt(organization.id, domain.id, NOW);
    await addUsage(turn.id, 10, 10, 499_999);
    expect(await checkBudget(organization.id, NOW)).toEqual({ ok: true });
    await addUsage(turn.id, 0, 0, 1);
    const refused = await checkBudget(organization.id, NOW);
    expect(refused.ok === false && refused.message).toContain("$0.50 of $0.50 spent");
  });

  it("shows usage to every member; only Owners and Admins set limits (console procedures)", async () => {
    const { organization, domain, actor: owner } = await actorIn({ orgRole: "OWNER" });
    const turn = await turnAt(organization.id, domain.id, new Date());
    await addUsage(turn.id, 1_200, 300, 2_500_000);
    const ownerCaller = await consoleCaller(owner);
    const { budget } = await ownerCaller.budget.set({ monthlyTokenLimit: 100_000, monthlyCostLimitUsd: 12.5 });
    expect(budget).toMatchObject({
      limits: { monthlyTokenLimit: 100_000, monthlyCostLimitUsd: 12.5 },
      usage: { tokens: 1_500, costUsd: 2.5 },
      exhausted: false,
      canEdit: true,
    });

    const member: TUserActor = { ...owner, orgRole: "MEMBER", userId: (await actorIn()).user.id };
    await db().organizationMembership.create({
      data: { organizationId: organization.id, userId: member.userId, role: "MEMBER" },
    });
    const memberCaller = await consoleCaller(member);
    const seen = await memberCaller.budget.get();
    expect(seen.budget).toMatchObject({
      limits: { monthlyTokenLimit: 100_000, monthlyCostLimitUsd: 12.5 },
      usage: { tokens: 1_500 },
      canEdit: false,
    });
    await expect(memberCaller.budget.set({ monthlyTokenLimit: null, monthlyCostLimitUsd: null })).rejects.toMatchObject(
      { cause: { code: "FORBIDDEN" } },
    );
    await expect(memberCaller.budget.set({ monthlyTokenLimit: -1, monthlyCostLimitUsd: null })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(
      ownerCaller.budget.set({ monthlyTokenLimit: 1, monthlyCostLimitUsd: null, extra: 1 } as never),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    // Another organization sees its own (empty) budget, never this one's.
    const stranger = await actorIn({ orgRole: "OWNER" });
    expect((await getBudget(stranger.actor)).budget).toMatchObject({
      limits: { monthlyTokenLimit: null, monthlyCostLimitUsd: null },
      usage: { tokens: 0 },
    });
    expect(
      [...surfaceProcedures("v1"), ...surfaceProcedures("partner-v1")].filter((entry) =>
        entry.path.startsWith("budget."),
      ),
    ).toEqual([]);
  });
});

describe("setBudget's audit entries", () => {
  const budgetAuditOf = (organizationId: string) =>
    db().auditEntry.findMany({
      where: { organizationId, kind: "settings.changed" },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { actorUserId: true, subjectType: true, summary: true, data: true },
    });

  it("logs each change of a limit, old -> new; setting the same limits again logs nothing", async () => {
    const { actor } = await actorIn({ orgRole: "OWNER" });
    await setBudget(actor, { monthlyTokenLimit: 1000, monthlyCostLimitUsd: null });
    await setBudget(actor, { monthlyTokenLimit: 1000, monthlyCostLimitUsd: 12.5 });
    await setBudget(actor, { monthlyTokenLimit: 1000, monthlyCostLimitUsd: 12.5 });
    await setBudget(actor, { monthlyTokenLimit: null, monthlyCostLimitUsd: null });
    const entries = await budgetAuditOf(actor.orgId);
    expect(entries.map((entry) => entry.summary)).toEqual([
      "Changed the model budget: monthly token limit no limit → 1,000 tokens",
      "Changed the model budget: monthly cost limit no limit → $12.50",
      "Changed the model budget: monthly token limit 1,000 tokens → no limit; monthly cost limit $12.50 → no limit",
    ]);
    expect(entries[2]).toEqual({
      actorUserId: actor.userId,
      subjectType: "budget",
      summary: expect.any(String),
      data: {
        setting: "budget",
        changes: { monthlyTokenLimit: { from: 1000, to: null }, monthlyCostLimitUsd: { from: 12.5, to: null } },
      },
    });
  });

  it("a Member's refused change writes no entry", async () => {
    const { actor } = await actorIn({ orgRole: "MEMBER" });
    await expect(setBudget(actor, { monthlyTokenLimit: 5, monthlyCostLimitUsd: null })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await budgetAuditOf(actor.orgId)).toEqual([]);
  });
});
