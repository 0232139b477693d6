import type {
  TAutomationHistoryRequest,
  TAutomationHistoryResponse,
  TFiringResultEntry,
  TSubscriberOutcome,
  TTriggerHistoryRequest,
  TTriggerHistoryResponse,
} from "@/contracts/triggers/run-history";
import type { TUserActor } from "@/server/auth/actor";
import { assertCan } from "@/server/auth/permissions";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";

type TOutcomeRow = "STARTED" | "SKIPPED" | "FAILED";
type TResultRow = {
  automationId: string;
  outcome: TOutcomeRow;
  errorCode: string | null;
  errorMessage: string | null;
  sessionId: string | null;
};

const toOutcomeRow = (outcome: TSubscriberOutcome) => outcome.toUpperCase() as TOutcomeRow;
const pageOf = (input: { limit?: number; before?: string }) => ({
  take: (input.limit ?? 20) + 1,
  before: input.before ? new Date(input.before) : undefined,
});

/** Names, kinds and flow runs for result rows (automations may have been deleted since). */
async function describeResults(rows: TResultRow[]): Promise<Map<TResultRow, TFiringResultEntry>> {
  const automationIds = [...new Set(rows.map((row) => row.automationId))];
  const sessionIds = rows.flatMap((row) => (row.sessionId ? [row.sessionId] : []));
  const [automations, flowRuns] = await Promise.all([
    db().automation.findMany({ where: { id: { in: automationIds } }, select: { id: true, name: true, kind: true } }),
    sessionIds.length
      ? db().flowRun.findMany({ where: { sessionId: { in: sessionIds } }, select: { id: true, sessionId: true } })
      : [],
  ]);
  const byId = new Map(automations.map((automation) => [automation.id, automation]));
  const runBySession = new Map(flowRuns.map((run) => [run.sessionId, run.id]));
  return new Map(
    rows.map((row) => {
      const automation = byId.get(row.automationId);
      return [
        row,
        {
          automationId: row.automationId,
          name: automation?.name ?? null,
          kind: automation ? (automation.kind === "FLOW" ? "flow" : "agent") : null,
          outcome: row.outcome.toLowerCase() as TSubscriberOutcome,
          errorCode: row.errorCode,
          errorMessage: row.errorMessage,
          sessionId: row.sessionId,
          flowRunId: row.sessionId ? (runBySession.get(row.sessionId) ?? null) : null,
        },
      ];
    }),
  );
}

const RESULT_SELECT = {
  automationId: true,
  outcome: true,
  errorCode: true,
  errorMessage: true,
  sessionId: true,
} as const;

/**
 * Firings of one trigger, newest first, each with every subscriber's result. The outcome
 * filter keeps firings where at least one subscriber had that outcome. Domain members may read
 * (Viewer included); other organizations' triggers are 404.
 */
export async function triggerHistory(
  actor: TUserActor,
  input: TTriggerHistoryRequest,
): Promise<TTriggerHistoryResponse> {
  const trigger = await db().trigger.findUnique({
    where: { id: input.triggerId },
    select: { organizationId: true, domainId: true },
  });
  if (!trigger || trigger.organizationId !== actor.orgId) throw notFound("trigger");
  await assertCan(actor, "view", trigger.domainId);
  const { take, before } = pageOf(input);
  const rows = await db().triggerFiring.findMany({
    where: {
      triggerId: input.triggerId,
      ...(before ? { createdAt: { lt: before } } : {}),
      ...(input.outcome ? { results: { some: { outcome: toOutcomeRow(input.outcome) } } } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: {
      id: true,
      source: true,
      createdAt: true,
      scheduledFor: true,
      actorId: true,
      unusedIntegrationIds: true,
      results: { select: RESULT_SELECT, orderBy: { createdAt: "asc" } },
    },
  });
  const page = rows.slice(0, take - 1);
  const described = await describeResults(page.flatMap((firing) => firing.results));
  const actorIds = [...new Set(page.flatMap((firing) => (firing.actorId ? [firing.actorId] : [])))];
  const users = actorIds.length
    ? await db().user.findMany({ where: { id: { in: actorIds } }, select: { id: true, name: true } })
    : [];
  const names = new Map(users.map((user) => [user.id, user.name]));
  return {
    firings: page.map((firing) => ({
      id: firing.id,
      source: firing.source.toLowerCase() as TTriggerHistoryResponse["firings"][number]["source"],
      createdAt: firing.createdAt.toISOString(),
      scheduledFor: firing.scheduledFor?.toISOString() ?? null,
      actor: firing.actorId ? { userId: firing.actorId, name: names.get(firing.actorId) ?? "Former member" } : null,
      unusedIntegrationIds: firing.unusedIntegrationIds,
      results: firing.results.map((result) => described.get(result)!),
    })),
    nextBefore: rows.length === take ? page.at(-1)!.createdAt.toISOString() : null,
  };
}

/** The firings one agent or flow took part in, newest first, with its own result in each. */
export async function automationHistory(
  actor: TUserActor,
  input: TAutomationHistoryRequest,
): Promise<TAutomationHistoryResponse> {
  const automation = await db().automation.findUnique({
    where: { id: input.automationId },
    select: { organizationId: true, domainId: true },
  });
  if (!automation || automation.organizationId !== actor.orgId) throw notFound("automation");
  await assertCan(actor, "view", automation.domainId);
  const { take, before } = pageOf(input);
  const rows = await db().firingResult.findMany({
    where: {
      automationId: input.automationId,
      firing: { organizationId: actor.orgId },
      ...(before ? { createdAt: { lt: before } } : {}),
      ...(input.outcome ? { outcome: toOutcomeRow(input.outcome) } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: {
      ...RESULT_SELECT,
      createdAt: true,
      firing: { select: { id: true, source: true, trigger: { select: { id: true, name: true } } } },
    },
  });
  const page = rows.slice(0, take - 1);
  const described = await describeResults(page);
  return {
    runs: page.map((row) => ({
      ...described.get(row)!,
      firingId: row.firing.id,
      triggerId: row.firing.trigger.id,
      triggerName: row.firing.trigger.name,
      source: row.firing.source.toLowerCase() as TAutomationHistoryResponse["runs"][number]["source"],
      createdAt: row.createdAt.toISOString(),
    })),
    nextBefore: rows.length === take ? page.at(-1)!.createdAt.toISOString() : null,
  };
}
