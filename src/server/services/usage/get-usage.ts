import type { TGetUsageRequest, TGetUsageResponse, TUsageDay } from "@/contracts/usage/get-usage";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import { daysOf, filtersOf, microToUsd, rangeOf, sqlTimestamp, visibilityOf, type TUsageScope } from "./usage-scope";

type TRunsRow = {
  day: string;
  runs: number;
  completed: number;
  failed: number;
  waiting: number;
  running: number;
  inputTokens: number;
  outputTokens: number;
  costMicroUsd: number;
};
type TApprovalsRow = { day: string; approvals: number; waitSeconds: number | null };
type TAutomationRow = {
  id: string;
  name: string;
  kind: "AGENT" | "FLOW";
  runs: number;
  failed: number;
  tokens: number;
  costMicroUsd: number;
};

/** The runs (turns) in range that the scope and filters select, joined to their session `s` and automation `a`. */
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
    WHERE t."organizationId" = ${actor.orgId}::uuid AND ${on} >= ${sqlTimestamp(range.start)} AND ${on} < ${sqlTimestamp(range.end)}
      AND ${scope.where} ${filtersOf(input)}`;
}

/** Runs by outcome and model usage per UTC day: one GROUP BY over the organization's turns (indexed by organization and time). */
async function runsPerDay(
  actor: TUserActor,
  range: { start: Date; end: Date },
  scope: TUsageScope,
  input: TGetUsageRequest,
): Promise<TRunsRow[]> {
  return db().$queryRaw<TRunsRow[]>`
    SELECT to_char(t."createdAt", 'YYYY-MM-DD') AS "day",
      count(*)::int AS "runs",
      (count(*) FILTER (WHERE t."status" = 'COMPLETED'))::int AS "completed",
      (count(*) FILTER (WHERE t."status" = 'FAILED'))::int AS "failed",
      (count(*) FILTER (WHERE t."status" = 'SUSPENDED'))::int AS "waiting",
      (count(*) FILTER (WHERE t."status" IN ('QUEUED', 'RUNNING')))::int AS "running",
      COALESCE(sum(t."inputTokens"), 0)::float8 AS "inputTokens",
      COALESCE(sum(t."outputTokens"), 0)::float8 AS "outputTokens",
      COALESCE(sum(t."costMicroUsd"), 0)::float8 AS "costMicroUsd"
    ${runsIn(actor, range, scope, input)}
    GROUP BY 1`;
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
    SELECT to_char(ap."createdAt", 'YYYY-MM-DD') AS "day",
      count(*)::int AS "approvals",
      (avg(extract(epoch FROM (ap."decidedAt" - ap."createdAt"))) FILTER (WHERE ap."decidedAt" IS NOT NULL))::float8 AS "waitSeconds"
    ${runs}
    GROUP BY 1`;
}

/** Runs, failures, tokens and cost per agent and flow over the whole range, busiest first. */
async function perAutomation(
  actor: TUserActor,
  range: { start: Date; end: Date },
  scope: TUsageScope,
  input: TGetUsageRequest,
): Promise<TAutomationRow[]> {
  return db().$queryRaw<TAutomationRow[]>`
    SELECT a."id"::text AS "id", a."name", a."kind"::text AS "kind",
      count(*)::int AS "runs",
      (count(*) FILTER (WHERE t."status" = 'FAILED'))::int AS "failed",
      COALESCE(sum(t."inputTokens" + t."outputTokens"), 0)::float8 AS "tokens",
      COALESCE(sum(t."costMicroUsd"), 0)::float8 AS "costMicroUsd"
    ${runsIn(actor, range, scope, input)}
    GROUP BY a."id", a."name", a."kind"
    ORDER BY "runs" DESC, a."name" ASC
    LIMIT 25`;
}

function mergeDays(days: string[], runs: TRunsRow[], approvals: TApprovalsRow[]): TUsageDay[] {
  const runsOf = new Map(runs.map((row) => [row.day, row]));
  const approvalsOf = new Map(approvals.map((row) => [row.day, row]));
  return days.map((day) => {
    const run = runsOf.get(day);
    const approval = approvalsOf.get(day);
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
      approvalWaitMinutes: approval?.waitSeconds == null ? null : Math.round((approval.waitSeconds / 60) * 10) / 10,
    };
  });
}

/**
 * The usage page: runs, failures, approvals and model usage per UTC day and per automation, with
 * run history's filters. Three aggregate queries, each a GROUP BY over the range's turns.
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
    days: mergeDays(daysOf(range), runs, approvals),
    byAutomation: automations.map((row) => ({
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
