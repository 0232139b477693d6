import type { TGetUsageRequest, TGetUsageResponse, TUsageDay } from "@/contracts/usage/get-usage";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import { runOutcomeOf, usageOutcomeOf, type TTurnStatus } from "./run-outcome";
import { daysOf, filtersOf, microToUsd, rangeOf, sqlTimestamp, visibilityOf, type TUsageScope } from "./usage-scope";

/** One group of runs: those of one key (a day or an automation) that share a turn status and tool problem. */
type TGroup = { status: TTurnStatus; problem: string | null };
type TRunsRow = TGroup & { day: string; runs: number; inputTokens: number; outputTokens: number; costMicroUsd: number };
type TApprovalsRow = TGroup & { day: string; approvals: number; decided: number; waitSeconds: number };
type TAutomationRow = TGroup & {
  id: string;
  name: string;
  kind: "AGENT" | "FLOW";
  runs: number;
  tokens: number;
  costMicroUsd: number;
};

/**
 * The runs (turns) in range that the scope and filters select, joined to their session `s`,
 * automation `a`, the revision `r` they ran and `p`: their last failed or rejected tool call,
 * which run history's outcome reads too (runOutcomeOf).
 */
function runsIn(
  actor: TUserActor,
  range: { start: Date; end: Date },
  scope: TUsageScope,
  input: TGetUsageRequest,
  { from = Prisma.sql`FROM "turns" t`, on = Prisma.sql`t."createdAt"` }: { from?: Prisma.Sql; on?: Prisma.Sql } = {},
) {
  return Prisma.sql`
    ${from}
    JOIN "agent_sessions" s ON s."id" = t."sessionId"
    JOIN "automations" a ON a."id" = s."automationId"
    LEFT JOIN "automation_revisions" r ON r."automationId" = s."automationId" AND r."revision" = s."revision"
    LEFT JOIN LATERAL (
      SELECT tc."status"::text AS "status" FROM "tool_calls" tc
      WHERE tc."turnId" = t."id" AND tc."status" IN ('FAILED', 'REJECTED')
      ORDER BY tc."index" DESC LIMIT 1
    ) p ON true
    WHERE t."organizationId" = ${actor.orgId}::uuid AND ${on} >= ${sqlTimestamp(range.start)} AND ${on} < ${sqlTimestamp(range.end)}
      AND ${scope.where} ${filtersOf(input)}`;
}

/**
 * Tokens a model provider counted: none for a run on a built-in model, which calls no model
 * (its estimated tokens feed the budget only, so offline budgets behave like real ones).
 */
const modelTokens = (column: Prisma.Sql) =>
  Prisma.sql`CASE WHEN r."setup"->>'model' LIKE 'builtin:%' THEN 0 ELSE ${column} END`;

/** Runs and model usage per UTC day, turn status and tool problem: one GROUP BY over the organization's turns (indexed by organization and time). */
async function runsPerDay(
  actor: TUserActor,
  range: { start: Date; end: Date },
  scope: TUsageScope,
  input: TGetUsageRequest,
): Promise<TRunsRow[]> {
  return db().$queryRaw<TRunsRow[]>`
    SELECT to_char(t."createdAt", 'YYYY-MM-DD') AS "day", t."status"::text AS "status", p."status" AS "problem",
      count(*)::int AS "runs",
      COALESCE(sum(${modelTokens(Prisma.sql`t."inputTokens"`)}), 0)::float8 AS "inputTokens",
      COALESCE(sum(${modelTokens(Prisma.sql`t."outputTokens"`)}), 0)::float8 AS "outputTokens",
      COALESCE(sum(t."costMicroUsd"), 0)::float8 AS "costMicroUsd"
    ${runsIn(actor, range, scope, input)}
    GROUP BY 1, 2, 3`;
}

/** Approvals requested per UTC day and how long the decided ones waited, over the same runs. */
async function approvalsPerDay(
  actor: TUserActor,
  range: { start: Date; end: Date },
  scope: TUsageScope,
  input: TGetUsageRequest,
): Promise<TApprovalsRow[]> {
  const runs = runsIn(actor, range, scope, input, {
    from: Prisma.sql`FROM "approvals" ap JOIN "turns" t ON t."id" = ap."turnId"`,
    on: Prisma.sql`ap."createdAt"`,
  });
  return db().$queryRaw<TApprovalsRow[]>`
    SELECT to_char(ap."createdAt", 'YYYY-MM-DD') AS "day", t."status"::text AS "status", p."status" AS "problem",
      count(*)::int AS "approvals",
      (count(*) FILTER (WHERE ap."decidedAt" IS NOT NULL))::int AS "decided",
      COALESCE(sum(extract(epoch FROM (ap."decidedAt" - ap."createdAt"))) FILTER (WHERE ap."decidedAt" IS NOT NULL), 0)::float8 AS "waitSeconds"
    ${runs}
    GROUP BY 1, 2, 3`;
}

/** Runs, tokens and cost per agent and flow, turn status and tool problem, over the whole range. */
async function perAutomation(
  actor: TUserActor,
  range: { start: Date; end: Date },
  scope: TUsageScope,
  input: TGetUsageRequest,
): Promise<TAutomationRow[]> {
  return db().$queryRaw<TAutomationRow[]>`
    SELECT a."id"::text AS "id", a."name", a."kind"::text AS "kind", t."status"::text AS "status", p."status" AS "problem",
      count(*)::int AS "runs",
      COALESCE(sum(${modelTokens(Prisma.sql`t."inputTokens" + t."outputTokens"`)}), 0)::float8 AS "tokens",
      COALESCE(sum(t."costMicroUsd"), 0)::float8 AS "costMicroUsd"
    ${runsIn(actor, range, scope, input)}
    GROUP BY a."id", a."name", a."kind", 4, 5`;
}

/** Each group's outcome as run history names it, in the usage page's four groups; groups the outcome filter drops are gone. */
function withOutcomes<TRow extends TGroup>(rows: TRow[], input: TGetUsageRequest) {
  return rows
    .map((row) => ({ ...row, outcome: usageOutcomeOf(runOutcomeOf(row.status, row.problem)) }))
    .filter((row) => !input.outcome || row.outcome === input.outcome);
}

type TDayTotals = Omit<TUsageDay, "costUsd" | "approvals" | "approvalWaitMinutes" | "day"> & {
  costMicroUsd: number;
};

function sumDays(rows: TRunsRow[], input: TGetUsageRequest): Map<string, TDayTotals> {
  const days = new Map<string, TDayTotals>();
  for (const row of withOutcomes(rows, input)) {
    const day = days.get(row.day) ?? {
      runs: 0,
      completed: 0,
      failed: 0,
      waiting: 0,
      running: 0,
      inputTokens: 0,
      outputTokens: 0,
      costMicroUsd: 0,
    };
    day.runs += row.runs;
    day[row.outcome] += row.runs;
    day.inputTokens += row.inputTokens;
    day.outputTokens += row.outputTokens;
    day.costMicroUsd += row.costMicroUsd;
    days.set(row.day, day);
  }
  return days;
}

function sumApprovals(rows: TApprovalsRow[], input: TGetUsageRequest) {
  const days = new Map<string, { approvals: number; decided: number; waitSeconds: number }>();
  for (const row of withOutcomes(rows, input)) {
    const day = days.get(row.day) ?? { approvals: 0, decided: 0, waitSeconds: 0 };
    day.approvals += row.approvals;
    day.decided += row.decided;
    day.waitSeconds += row.waitSeconds;
    days.set(row.day, day);
  }
  return days;
}

/** Per agent and flow, busiest first (then by name), at most 25. */
function sumAutomations(rows: TAutomationRow[], input: TGetUsageRequest) {
  const automations = new Map<string, Omit<TAutomationRow, keyof TGroup> & { failed: number }>();
  for (const row of withOutcomes(rows, input)) {
    const automation = automations.get(row.id) ?? {
      id: row.id,
      name: row.name,
      kind: row.kind,
      runs: 0,
      failed: 0,
      tokens: 0,
      costMicroUsd: 0,
    };
    automation.runs += row.runs;
    if (row.outcome === "failed") automation.failed += row.runs;
    automation.tokens += row.tokens;
    automation.costMicroUsd += row.costMicroUsd;
    automations.set(row.id, automation);
  }
  return [...automations.values()]
    .sort((a, b) => b.runs - a.runs || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, 25);
}

function mergeDays(
  days: string[],
  runs: Map<string, TDayTotals>,
  approvals: ReturnType<typeof sumApprovals>,
): TUsageDay[] {
  return days.map((day) => {
    const run = runs.get(day);
    const approval = approvals.get(day);
    return {
      day,
      runs: run?.runs ?? 0,
      completed: run?.completed ?? 0,
      failed: run?.failed ?? 0,
      waiting: run?.waiting ?? 0,
      running: run?.running ?? 0,
      inputTokens: run?.inputTokens ?? 0,
      outputTokens: run?.outputTokens ?? 0,
      costUsd: microToUsd(run?.costMicroUsd ?? 0),
      approvals: approval?.approvals ?? 0,
      approvalWaitMinutes: approval?.decided
        ? Math.round((approval.waitSeconds / approval.decided / 60) * 10) / 10
        : null,
    };
  });
}

/**
 * The usage page: runs, failures, approvals and model usage per UTC day and per automation, with
 * run history's filters. Three aggregate queries, each a GROUP BY over the range's turns by
 * turn status and tool problem, so a run's outcome (and the outcome filter) is decided by the
 * same function as run history's (runOutcomeOf): a run whose tool call failed or was rejected
 * counts as failed. Runs on built-in models count no tokens.
 */
export async function getUsage(actor: TUserActor, input: TGetUsageRequest): Promise<TGetUsageResponse> {
  const range = rangeOf(input);
  const scope = await visibilityOf(actor);
  const [runs, approvals, automations, choices] = await Promise.all([
    runsPerDay(actor, range, scope, input),
    approvalsPerDay(actor, range, scope, input),
    perAutomation(actor, range, scope, input),
    db().automation.findMany({
      where: { organizationId: actor.orgId, ...(scope.domainIds ? { domainId: { in: scope.domainIds } } : {}) },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      select: { id: true, name: true, kind: true },
    }),
  ]);
  const kindOf = (kind: string) => (kind === "FLOW" ? ("flow" as const) : ("agent" as const));
  return {
    days: mergeDays(daysOf(range), sumDays(runs, input), sumApprovals(approvals, input)),
    byAutomation: sumAutomations(automations, input).map((row) => ({
      id: row.id,
      name: row.name,
      kind: kindOf(row.kind),
      runs: row.runs,
      failed: row.failed,
      tokens: row.tokens,
      costUsd: microToUsd(row.costMicroUsd),
    })),
    automations: choices.map((row) => ({ id: row.id, name: row.name, kind: kindOf(row.kind) })),
    wholeOrganization: scope.wholeOrganization,
  };
}
