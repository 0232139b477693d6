import { queryRows, type TTransaction } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import { firstEventsSql } from "@/server/execution/event-log";
import { firstTurnsInsertSql } from "@/server/execution/first-turns";
import { jobsInsertSql, type TJob } from "@/server/jobs/enqueue";
import { callerGrantsInsertSql, type TSealedGrant } from "@/server/services/caller-credentials/grants";
import { disabledAutomationsSql } from "@/server/services/partner/entitlements/disabled-automations";

/** The rows of one new session: the session, its first turn and message, and its seq-1 event. */
export type TNewSession = {
  sessionId: string;
  turnId: string;
  messageId: string;
  organizationId: string;
  domainId: string;
  automationId: string;
  revision: number;
  kind: "DOMAIN" | "PERSONAL";
  origin: string;
  originTriggerId: string | null;
  originApiKeyId: string | null;
  ownerId: string | null;
  title: string;
  deadlineAt: Date;
  /** The first message is a SYSTEM instruction (no author) rather than the owner's USER message. */
  instruction: boolean;
  message: string;
  event: { type: "session.changed"; data: Record<string, unknown> };
  /** The flow run a flow's session starts with (its input delivered verbatim); null for an agent. */
  flowRun: { id: string; input: unknown } | null;
  /** The first turn's caller material, sealed; null when the request sent none to store. */
  grant: TSealedGrant | null;
};

/**
 * Rows a caller writes in the same statement as its sessions (a firing with its results): CTEs
 * under the statement's guard, a query with a row when they were written, and the error that
 * refuses the start when they were not (a schedule slot another worker fired first).
 */
export type TAlongside = { ctes: (enabled: Prisma.Sql) => Prisma.Sql; written: Prisma.Sql; refusal: () => Error };

const column = <T, R = TNewSession>(rows: R[], pick: (row: R) => T) => rows.map(pick);

/** The flow runs of the flows among the new sessions, as one more insert of the statement (none when no flow starts). */
function flowRunsInsertSql(rows: TNewSession[], now: Date, enabled: Prisma.Sql): Prisma.Sql {
  const runs = rows.flatMap((row) => (row.flowRun ? [{ ...row, flowRun: row.flowRun }] : []));
  if (runs.length === 0) return Prisma.empty;
  return Prisma.sql`, runs AS (
      INSERT INTO flow_runs (id, "sessionId", "organizationId", "automationId", revision, input, "deadlineAt", "createdAt")
      SELECT f.id, f.session, f.org, f.automation, f.revision, f.input::jsonb, f.deadline::timestamp(3), ${now}::timestamp(3)
      FROM unnest(${column(runs, (r) => r.flowRun.id)}::uuid[], ${column(runs, (r) => r.sessionId)}::uuid[], ${column(runs, (r) => r.organizationId)}::uuid[],
        ${column(runs, (r) => r.automationId)}::uuid[], ${column(runs, (r) => r.revision)}::int[], ${column(runs, (r) => JSON.stringify(r.flowRun.input ?? null))}::text[],
        ${column(runs, (r) => r.deadlineAt.toISOString())}::text[]) AS f(id, session, org, automation, revision, input, deadline)
      WHERE ${enabled}
    )`;
}

/**
 * Writes sessions, their first turns, first messages, flow runs, caller grants and `session.changed` events in one
 * statement (data-modifying CTEs, each an insert over arrays), NOTIFYing their followers at
 * commit: a start is on every hot path (opens, fan-outs), and each round trip costs the request
 * more than the rows do. The jobs that run the new turns are inserted by the same statement
 * (jobsInsertSql), so a start is atomic without a transaction.
 * When any automation is disabled by its follower's partner, nothing is written (the alongside
 * rows neither) and their ids are returned (the caller refuses). Foreign keys are checked at the statement's end, so the
 * siblings may refer to each other. Timestamps are the app's clock in UTC, as Prisma writes
 * them (an ISO string cast to `timestamp` keeps its UTC digits whatever the connection's time
 * zone).
 */
export async function insertSessions(
  tx: TTransaction,
  rows: TNewSession[],
  { jobs = [], alongside }: { jobs?: TJob[]; alongside?: TAlongside } = {},
): Promise<{ disabled: Set<string>; alongsideWritten: boolean }> {
  if (rows.length === 0) return { disabled: new Set(), alongsideWritten: false };
  const now = new Date();
  const enabled = Prisma.sql`NOT EXISTS (SELECT 1 FROM disabled)`;
  const events = firstEventsSql(
    rows.map((row) => ({ sessionId: row.sessionId, ...row.event })),
    now,
    enabled,
  );
  const queued = jobsInsertSql(jobs, enabled);
  const grants = callerGrantsInsertSql(
    rows.flatMap((row) => (row.grant ? [row.grant] : [])),
    now,
    enabled,
  );
  const answers = await queryRows<{ disabled: string | null; alongside: boolean | null }>(
    tx,
    Prisma.sql`
    WITH disabled AS (${disabledAutomationsSql([...new Set(rows.map((row) => row.automationId))])}),
    sessions AS (
      INSERT INTO agent_sessions (id, "organizationId", "domainId", "automationId", revision, kind, origin, "originTriggerId", "originApiKeyId", "ownerId", title, "lastSeq", "createdAt", "updatedAt")
      SELECT s.id, s.org, s.domain, s.automation, s.revision, s.kind::"SessionKind", s.origin::"SessionOrigin", s.trigger, s.api_key, s.owner, s.title, 1, ${now}::timestamp(3), ${now}::timestamp(3)
      FROM unnest(${column(rows, (r) => r.sessionId)}::uuid[], ${column(rows, (r) => r.organizationId)}::uuid[], ${column(rows, (r) => r.domainId)}::uuid[],
        ${column(rows, (r) => r.automationId)}::uuid[], ${column(rows, (r) => r.revision)}::int[], ${column(rows, (r) => r.kind)}::text[], ${column(rows, (r) => r.origin)}::text[],
        ${column(rows, (r) => r.originTriggerId)}::uuid[], ${column(rows, (r) => r.originApiKeyId)}::uuid[], ${column(rows, (r) => r.ownerId)}::uuid[], ${column(rows, (r) => r.title)}::text[])
        AS s(id, org, domain, automation, revision, kind, origin, trigger, api_key, owner, title)
      WHERE ${enabled}
    ), turns AS (${firstTurnsInsertSql(rows, now, enabled)}
    ), messages AS (
      INSERT INTO session_messages (id, "sessionId", "turnId", role, body, "authorId", "createdAt")
      SELECT m.id, m.session, m.turn, m.role::"MessageRole", m.body, m.author, ${now}::timestamp(3)
      FROM unnest(${column(rows, (r) => r.messageId)}::uuid[], ${column(rows, (r) => r.sessionId)}::uuid[], ${column(rows, (r) => r.turnId)}::uuid[],
        ${column(rows, (r) => (r.instruction ? "SYSTEM" : "USER"))}::text[], ${column(rows, (r) => r.message)}::text[], ${column(rows, (r) => (r.instruction ? null : r.ownerId))}::uuid[])
        AS m(id, session, turn, role, body, author)
      WHERE ${enabled}
    )${flowRunsInsertSql(rows, now, enabled)}${grants ? Prisma.sql`, ${grants}` : Prisma.empty}, events AS (${events.inserts})${queued.ctes.length > 0 ? Prisma.sql`, ${Prisma.join(queued.ctes)}` : Prisma.empty}${
      alongside ? Prisma.sql`, ${alongside.ctes(enabled)}` : Prisma.empty
    }
    SELECT "automationId" AS disabled, NULL::boolean AS alongside FROM disabled
    UNION ALL SELECT NULL, NULL FROM (SELECT ${events.notify} AS notified FROM events) AS woken${
      queued.notify
        ? Prisma.sql`
    UNION ALL SELECT NULL, NULL FROM (${queued.notify}) AS jobs_woken`
        : Prisma.empty
    }${
      alongside
        ? Prisma.sql`
    UNION ALL SELECT NULL, true FROM (${alongside.written}) AS alongside_written`
        : Prisma.empty
    }`,
  );
  const disabled = new Set(answers.flatMap((answer) => (answer.disabled ? [answer.disabled] : [])));
  return { disabled, alongsideWritten: answers.some((answer) => answer.alongside === true) };
}
