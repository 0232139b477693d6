import { db, queryRows } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import type { DomainRole } from "@/server/db/generated/enums";

type TUser = { id: string; name: string };
type TApprovalRow = {
  status: "PENDING" | "APPROVED" | "REJECTED";
  comment: string | null;
  decidedAt: Date | null;
  decidedBy: TUser | null;
};

/** A session with its transcript (messages, turns, tool calls, approvals), as toSessionDetails shows it. */
export type TSessionDetailsRow = {
  id: string;
  organizationId: string;
  automationId: string;
  domainId: string;
  kind: "DOMAIN" | "PERSONAL";
  origin: "API" | "CONSOLE" | "MCP" | "TRIGGER" | "ASSISTANT" | "FLOW";
  ownerId: string | null;
  title: string;
  outcome: string | null;
  archivedAt: Date | null;
  revision: number;
  lastSeq: number;
  createdAt: Date;
  /** The viewer's membership comes with the domain (empty without a viewer or a membership). */
  domain: { organizationId: string; approverRoles: DomainRole[]; memberships: Array<{ role: DomainRole }> };
  automation: { id: string; kind: "AGENT" | "FLOW"; name: string };
  messages: Array<{
    id: string;
    role: "USER" | "ASSISTANT" | "SYSTEM";
    body: string;
    turnId: string | null;
    createdAt: Date;
    author: TUser | null;
  }>;
  turns: Array<{
    id: string;
    number: number;
    status: "QUEUED" | "RUNNING" | "SUSPENDED" | "COMPLETED" | "FAILED";
    errorCode: string | null;
    errorMessage: string | null;
    createdAt: Date;
    finishedAt: Date | null;
    inputTokens: number;
    outputTokens: number;
    /** Micro-dollars as text (a bigint column read through JSON). */
    costMicroUsd: string | number;
    toolCalls: Array<{
      id: string;
      toolName: string;
      status: string;
      args: unknown;
      result: unknown;
      errorCode: string | null;
      errorMessage: string | null;
      approval: TApprovalRow | null;
    }>;
    approvals: Array<{
      id: string;
      toolCallId: string;
      toolName: string;
      routedToUserId: string | null;
      createdAt: Date;
    }>;
  }>;
};

// Instants nested in JSON arrive as text: written in UTC with the Z, so `new Date` reads them back exactly.
const iso = (column: string) => Prisma.raw(`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

// Nested rows as JSON aggregates in one statement, so a session read is one round trip whatever
// its transcript's length. Written by hand (not a Prisma nested select) because every stream
// connect and session read runs it: on PostgreSQL it takes the driver path (queryRows).
const detailsSql = (sessionId: string, viewerId: string | null) => Prisma.sql`
  SELECT s.id::text, s."organizationId"::text, s."automationId"::text, s."domainId"::text, s.kind::text, s.origin::text,
    s."ownerId"::text, s.title, s.outcome, s."archivedAt", s.revision, s."lastSeq", s."createdAt",
    json_build_object('organizationId', d."organizationId", 'approverRoles', to_json(d."approverRoles"),
      'memberships', CASE WHEN m.role IS NULL THEN '[]'::json ELSE json_build_array(json_build_object('role', m.role)) END) AS domain,
    json_build_object('id', a.id, 'kind', a.kind, 'name', a.name) AS automation,
    (SELECT COALESCE(json_agg(json_build_object('id', sm.id, 'role', sm.role, 'body', sm.body, 'turnId', sm."turnId", 'createdAt', ${iso('sm."createdAt"')},
        'author', CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'name', u.name) END) ORDER BY sm."createdAt", sm.id), '[]'::json)
      FROM session_messages sm LEFT JOIN users u ON u.id = sm."authorId" WHERE sm."sessionId" = s.id) AS messages,
    (SELECT COALESCE(json_agg(json_build_object('id', t.id, 'number', t.number, 'status', t.status, 'errorCode', t."errorCode", 'errorMessage', t."errorMessage",
        'createdAt', ${iso('t."createdAt"')}, 'finishedAt', ${iso('t."finishedAt"')},
        'inputTokens', t."inputTokens", 'outputTokens', t."outputTokens", 'costMicroUsd', t."costMicroUsd"::text,
        'toolCalls', (SELECT COALESCE(json_agg(json_build_object('id', c.id, 'toolName', c."toolName", 'status', c.status, 'args', c.args, 'result', c.result,
            'errorCode', c."errorCode", 'errorMessage', c."errorMessage",
            'approval', (SELECT json_build_object('status', ap.status, 'comment', ap.comment, 'decidedAt', ${iso('ap."decidedAt"')},
                'decidedBy', CASE WHEN du.id IS NULL THEN NULL ELSE json_build_object('id', du.id, 'name', du.name) END)
              FROM approvals ap LEFT JOIN users du ON du.id = ap."decidedById" WHERE ap."toolCallId" = c.id LIMIT 1)) ORDER BY c.index), '[]'::json)
          FROM tool_calls c WHERE c."turnId" = t.id),
        'approvals', (SELECT COALESCE(json_agg(json_build_object('id', p.id, 'toolCallId', p."toolCallId", 'toolName', p."toolName",
            'routedToUserId', p."routedToUserId", 'createdAt', ${iso('p."createdAt"')})), '[]'::json)
          FROM approvals p WHERE p."turnId" = t.id AND p.status = 'PENDING')
      ) ORDER BY t.number), '[]'::json)
      FROM turns t WHERE t."sessionId" = s.id) AS turns
  FROM agent_sessions s
  JOIN domains d ON d.id = s."domainId"
  JOIN automations a ON a.id = s."automationId"
  LEFT JOIN domain_memberships m ON m."domainId" = s."domainId" AND m."userId" = ${viewerId}::uuid
  WHERE s.id = ${sessionId}::uuid`;

type TRawRow = Omit<TSessionDetailsRow, "messages" | "turns"> & {
  messages: Array<Omit<TSessionDetailsRow["messages"][number], "createdAt"> & { createdAt: string }>;
  turns: Array<
    Omit<TSessionDetailsRow["turns"][number], "createdAt" | "finishedAt" | "toolCalls" | "approvals"> & {
      createdAt: string;
      finishedAt: string | null;
      toolCalls: Array<
        Omit<TSessionDetailsRow["turns"][number]["toolCalls"][number], "approval"> & {
          approval: (Omit<TApprovalRow, "decidedAt"> & { decidedAt: string | null }) | null;
        }
      >;
      approvals: Array<
        Omit<TSessionDetailsRow["turns"][number]["approvals"][number], "createdAt"> & { createdAt: string }
      >;
    }
  >;
};

const dateOf = (text: string) => new Date(text);
const dateOrNull = (text: string | null) => (text === null ? null : new Date(text));

function fromRaw(row: TRawRow): TSessionDetailsRow {
  return {
    ...row,
    messages: row.messages.map((message) => ({ ...message, createdAt: dateOf(message.createdAt) })),
    turns: row.turns.map((turn) => ({
      ...turn,
      createdAt: dateOf(turn.createdAt),
      finishedAt: dateOrNull(turn.finishedAt),
      toolCalls: turn.toolCalls.map((call) => ({
        ...call,
        approval: call.approval && { ...call.approval, decidedAt: dateOrNull(call.approval.decidedAt) },
      })),
      approvals: turn.approvals.map((approval) => ({ ...approval, createdAt: dateOf(approval.createdAt) })),
    })),
  };
}

/**
 * A session with its transcript, its domain (with `viewerId`'s membership) and its automation,
 * in one statement; null when no such session exists. Visibility is the caller's to decide
 * (accessOf), from the same row.
 */
export async function readSessionDetailsRow(
  sessionId: string,
  viewerId: string | null,
): Promise<TSessionDetailsRow | null> {
  const [row] = await queryRows<TRawRow>(db(), detailsSql(sessionId, viewerId));
  return row ? fromRaw(row) : null;
}
