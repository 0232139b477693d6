import { describe, expect, it } from "vitest";
import { actorIn, addOrgMember, createDomain, createUser } from "../../../../test/factories";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { listSessions } from "@/server/services/session-console/list-sessions";
import { getMonthSpend } from "./get-month-spend";
import { getUsage } from "./get-usage";
import { countsAsFailed } from "./run-outcome";

type TStatus = "QUEUED" | "RUNNING" | "SUSPENDED" | "COMPLETED" | "FAILED";

async function automationIn(organizationId: string, domainId: string, kind: "AGENT" | "FLOW", name: string) {
  return db().automation.create({ data: { organizationId, domainId, kind, name }, select: { id: true } });
}

/** A real session with one turn (a run) at `createdAt`, carrying the given status and usage. */
async function runAt(
  automation: { id: string },
  where: { organizationId: string; domainId: string },
  createdAt: string,
  run: {
    status: TStatus;
    inputTokens?: number;
    outputTokens?: number;
    costMicroUsd?: number;
    personalOwnerId?: string;
  },
) {
  const session = await db().agentSession.create({
    data: {
      ...where,
      automationId: automation.id,
      revision: 1,
      kind: run.personalOwnerId ? "PERSONAL" : "DOMAIN",
      ownerId: run.personalOwnerId ?? null,
      origin: "API",
      title: "usage",
    },
    select: { id: true },
  });
  const at = new Date(createdAt);
  return db().turn.create({
    data: {
      sessionId: session.id,
      organizationId: where.organizationId,
      number: 1,
      status: run.status,
      inputTokens: run.inputTokens ?? 0,
      outputTokens: run.outputTokens ?? 0,
      costMicroUsd: BigInt(run.costMicroUsd ?? 0),
      deadlineAt: new Date(at.getTime() + 3_600_000),
      createdAt: at,
    },
    select: { id: true, sessionId: true },
  });
}

async function approvalOn(turn: { id: string; sessionId: string }, createdAt: string, decidedAt: string | null) {
  const call = await db().toolCall.create({
    data: {
      turnId: turn.id,
      sessionId: turn.sessionId,
      index: 0,
      toolName: "write",
      integrationId: "service.http",
      args: {},
      status: decidedAt ? "SUCCEEDED" : "AWAITING_APPROVAL",
    },
    select: { id: true },
  });
  await db().approval.create({
    data: {
      sessionId: turn.sessionId,
      turnId: turn.id,
      toolCallId: call.id,
      toolName: "write",
      status: decidedAt ? "APPROVED" : "PENDING",
      createdAt: new Date(createdAt),
      decidedAt: decidedAt ? new Date(decidedAt) : null,
    },
  });
}

/** An organization with an agent and a flow in `ops`, an agent in `sales`, and runs over three March days. */
async function world() {
  const { organization, domain: ops, actor: admin } = await actorIn({ orgRole: "ADMIN" });
  const sales = await createDomain(organization.id, "Sales");
  const where = { organizationId: organization.id, domainId: ops.id };
  const agent = await automationIn(organization.id, ops.id, "AGENT", "Support agent");
  const flow = await automationIn(organization.id, ops.id, "FLOW", "Nightly flow");
  const salesAgent = await automationIn(organization.id, sales.id, "AGENT", "Sales agent");
  await runAt(agent, where, "2026-03-01T08:00:00Z", {
    status: "COMPLETED",
    inputTokens: 100,
    outputTokens: 20,
    costMicroUsd: 1_500_000,
  });
  await runAt(agent, where, "2026-03-01T23:59:59Z", {
    status: "FAILED",
    inputTokens: 10,
    outputTokens: 0,
    costMicroUsd: 500_000,
  });
  const waiting = await runAt(agent, where, "2026-03-02T10:00:00Z", {
    status: "SUSPENDED",
    inputTokens: 30,
    outputTokens: 5,
  });
  await approvalOn(waiting, "2026-03-02T10:00:05Z", null);
  const decided = await runAt(agent, where, "2026-03-02T11:00:00Z", {
    status: "COMPLETED",
    inputTokens: 40,
    outputTokens: 4,
  });
  await approvalOn(decided, "2026-03-02T11:00:00Z", "2026-03-02T11:30:00Z");
  await runAt(flow, where, "2026-03-03T00:00:00Z", { status: "FAILED" });
  await runAt(flow, where, "2026-03-03T12:00:00Z", { status: "RUNNING" });
  await runAt(salesAgent, { organizationId: organization.id, domainId: sales.id }, "2026-03-02T09:00:00Z", {
    status: "COMPLETED",
    inputTokens: 1_000,
    outputTokens: 1_000,
    costMicroUsd: 2_000_000,
  });
  // Outside the range: the day before and the day after.
  await runAt(agent, where, "2026-02-28T23:59:59Z", { status: "COMPLETED", inputTokens: 9_999 });
  await runAt(agent, where, "2026-03-04T00:00:00Z", { status: "COMPLETED", inputTokens: 9_999 });
  return { organization, ops, sales, admin, agent, flow, salesAgent, where };
}

const RANGE = { from: "2026-03-01", to: "2026-03-03" };

describe("usage", () => {
  it("counts runs by outcome, tokens, cost and approvals per UTC day, with quiet days as zero", async () => {
    const { admin } = await world();
    const usage = await getUsage(admin, { from: "2026-03-01", to: "2026-03-05" });
    expect(usage.wholeOrganization).toBe(true);
    expect(usage.days.map((day) => day.day)).toEqual([
      "2026-03-01",
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
      "2026-03-05",
    ]);
    const [first, second, third, , fifth] = usage.days;
    expect(first).toMatchObject({
      runs: 2,
      completed: 1,
      failed: 1,
      waiting: 0,
      running: 0,
      inputTokens: 110,
      outputTokens: 20,
      costUsd: 2,
      approvals: 0,
      approvalWaitMinutes: null,
    });
    expect(second).toMatchObject({
      runs: 3,
      completed: 2,
      waiting: 1,
      inputTokens: 1_070,
      outputTokens: 1_009,
      costUsd: 2,
      approvals: 2,
      approvalWaitMinutes: 30,
    });
    expect(third).toMatchObject({ runs: 2, failed: 1, running: 1, inputTokens: 0 });
    expect(fifth).toMatchObject({ runs: 0, inputTokens: 0, costUsd: 0, approvals: 0 });
  });

  it("totals each agent and flow, busiest first", async () => {
    const { admin, agent, flow, salesAgent } = await world();
    const usage = await getUsage(admin, RANGE);
    expect(usage.byAutomation).toEqual([
      { id: agent.id, name: "Support agent", kind: "agent", runs: 4, failed: 1, tokens: 209, costUsd: 2 },
      { id: flow.id, name: "Nightly flow", kind: "flow", runs: 2, failed: 1, tokens: 0, costUsd: 0 },
      { id: salesAgent.id, name: "Sales agent", kind: "agent", runs: 1, failed: 0, tokens: 2_000, costUsd: 2 },
    ]);
    expect(usage.automations.map((row) => row.name)).toEqual(["Nightly flow", "Sales agent", "Support agent"]);
  });

  it("applies the automation, kind and outcome filters to every chart", async () => {
    const { admin, agent, flow } = await world();
    const flows = await getUsage(admin, { ...RANGE, kind: "flow" });
    expect(flows.days.map((day) => day.runs)).toEqual([0, 0, 2]);
    expect(flows.byAutomation.map((row) => row.id)).toEqual([flow.id]);
    const failed = await getUsage(admin, { ...RANGE, outcome: "failed" });
    expect(failed.days.map((day) => day.failed)).toEqual([1, 0, 1]);
    expect(failed.days.every((day) => day.runs === day.failed)).toBe(true);
    const waiting = await getUsage(admin, { ...RANGE, automationId: agent.id, outcome: "waiting" });
    expect(waiting.days[1]).toMatchObject({ runs: 1, waiting: 1, approvals: 1, approvalWaitMinutes: null });
    const oneAgent = await getUsage(admin, { ...RANGE, automationId: agent.id });
    expect(oneAgent.days.map((day) => day.runs)).toEqual([2, 2, 0]);
  });

  it("shows a member only their domains' runs and their own chats; nothing of another organization", async () => {
    const { organization, ops, agent, where } = await world();
    const member = await createUser();
    await addOrgMember(organization.id, member.id, "MEMBER");
    await db().domainMembership.create({ data: { domainId: ops.id, userId: member.id, role: "VIEWER" } });
    const stranger = await createUser();
    await runAt(agent, where, "2026-03-01T12:00:00Z", {
      status: "COMPLETED",
      inputTokens: 7,
      personalOwnerId: member.id,
    });
    await runAt(agent, where, "2026-03-01T12:00:00Z", {
      status: "COMPLETED",
      inputTokens: 5_000,
      personalOwnerId: stranger.id,
    });
    const actor: TUserActor = {
      kind: "user",
      userId: member.id,
      email: member.email,
      name: member.name,
      orgId: organization.id,
      orgRole: "MEMBER",
      via: "cookie",
      credentialId: null,
    };
    const usage = await getUsage(actor, RANGE);
    expect(usage.wholeOrganization).toBe(false);
    expect(usage.days[0]).toMatchObject({ runs: 3, inputTokens: 117 });
    expect(usage.days[1]).toMatchObject({ runs: 2, inputTokens: 70 });
    expect(usage.automations.map((row) => row.name)).toEqual(["Nightly flow", "Support agent"]);
    const other = await actorIn({ orgRole: "OWNER" });
    const empty = await getUsage(other.actor, RANGE);
    expect(empty.days.every((day) => day.runs === 0)).toBe(true);
    expect(empty.byAutomation).toEqual([]);
  });

  it("gives the budget month's spend per day with running totals, up to today", async () => {
    const { admin } = await world();
    const spend = await getMonthSpend(admin, new Date("2026-03-03T18:00:00Z"));
    expect(spend.days).toEqual([
      { day: "2026-03-01", tokens: 130, costUsd: 2, cumulativeTokens: 130, cumulativeCostUsd: 2 },
      { day: "2026-03-02", tokens: 2_079, costUsd: 2, cumulativeTokens: 2_209, cumulativeCostUsd: 4 },
      { day: "2026-03-03", tokens: 0, costUsd: 0, cumulativeTokens: 2_209, cumulativeCostUsd: 4 },
    ]);
  });

  it("counts a run whose tool call failed or was rejected as failed, as run history does", async () => {
    const { organization, domain: ops, actor } = await actorIn({ orgRole: "ADMIN" });
    const where = { organizationId: organization.id, domainId: ops.id };
    const agent = await automationIn(organization.id, ops.id, "AGENT", "Writer");
    const toolCall = (
      turn: { id: string; sessionId: string },
      index: number,
      status: "SUCCEEDED" | "FAILED" | "REJECTED",
    ) =>
      db().toolCall.create({
        data: {
          turnId: turn.id,
          sessionId: turn.sessionId,
          index,
          toolName: "service.http.post",
          integrationId: "service.http",
          args: {},
          status,
        },
      });
    // The model answered after each of these, so the turns completed; what was asked did not happen.
    const rejected = await runAt(agent, where, "2026-03-01T09:00:00Z", { status: "COMPLETED" });
    await toolCall(rejected, 0, "REJECTED");
    const toolFailed = await runAt(agent, where, "2026-03-01T10:00:00Z", { status: "COMPLETED" });
    await toolCall(toolFailed, 0, "SUCCEEDED");
    await toolCall(toolFailed, 1, "FAILED");
    const clean = await runAt(agent, where, "2026-03-01T11:00:00Z", { status: "COMPLETED" });
    await toolCall(clean, 0, "SUCCEEDED");
    await runAt(agent, where, "2026-03-01T12:00:00Z", { status: "FAILED" });

    const usage = await getUsage(actor, RANGE);
    expect(usage.days[0]).toMatchObject({ runs: 4, completed: 1, failed: 3 });
    expect(usage.byAutomation).toEqual([expect.objectContaining({ id: agent.id, runs: 4, failed: 3 })]);
    expect((await getUsage(actor, { ...RANGE, outcome: "failed" })).days[0]).toMatchObject({ runs: 3, failed: 3 });
    expect((await getUsage(actor, { ...RANGE, outcome: "completed" })).days[0]).toMatchObject({
      runs: 1,
      completed: 1,
    });

    // Run history says the same of the same runs: three that did not succeed, one completed.
    const { sessions } = await listSessions(actor, { automationId: agent.id });
    const outcomes = sessions.map((session) => session.lastRun!.outcome).sort();
    expect(outcomes).toEqual(["completed", "failed", "rejected", "tool_failed"]);
    expect(outcomes.filter(countsAsFailed)).toHaveLength(usage.days[0]!.failed);
  });

  it("counts no tokens for runs on a built-in model, which calls no model", async () => {
    const { organization, domain: ops, actor } = await actorIn({ orgRole: "ADMIN" });
    const where = { organizationId: organization.id, domainId: ops.id };
    const revisionOf = async (name: string, model: string) => {
      const automation = await automationIn(organization.id, ops.id, "AGENT", name);
      await db().automationRevision.create({
        data: { automationId: automation.id, revision: 1, setup: { model }, belt: [], knowledgeSelection: {} },
      });
      return automation;
    };
    const builtin = await revisionOf("Built-in", "builtin:procedure");
    const provider = await revisionOf("Provider", "openai:gpt-4o-mini");
    await runAt(builtin, where, "2026-03-01T09:00:00Z", { status: "COMPLETED", inputTokens: 300, outputTokens: 40 });
    await runAt(provider, where, "2026-03-01T10:00:00Z", {
      status: "COMPLETED",
      inputTokens: 1_000,
      outputTokens: 100,
      costMicroUsd: 210,
    });
    const usage = await getUsage(actor, RANGE);
    expect(usage.days[0]).toMatchObject({ runs: 2, inputTokens: 1_000, outputTokens: 100 });
    expect(usage.byAutomation).toEqual([
      expect.objectContaining({ name: "Built-in", runs: 1, tokens: 0, costUsd: 0 }),
      expect.objectContaining({ name: "Provider", runs: 1, tokens: 1_100 }),
    ]);
  });
});
