import { APPROVALS_INBOX_MAX, type TListApprovalsResponse } from "@/contracts/approvals-inbox/list-approvals";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { myApprovalsWhere } from "./my-approvals";

/**
 * The approvals inbox: every pending approval the person may decide, oldest first (the first to
 * expire), each with the session where it is decided. Reads only.
 */
export async function listApprovals(actor: TUserActor): Promise<TListApprovalsResponse> {
  const where = await myApprovalsWhere(actor);
  const [rows, total] = await Promise.all([
    db().approval.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: APPROVALS_INBOX_MAX,
      select: {
        id: true,
        toolName: true,
        routedToUserId: true,
        createdAt: true,
        turn: {
          select: {
            session: {
              select: {
                id: true,
                title: true,
                kind: true,
                domain: { select: { id: true, name: true } },
                automation: { select: { id: true, name: true, kind: true } },
              },
            },
          },
        },
      },
    }),
    db().approval.count({ where }),
  ]);
  return {
    approvals: rows.map(({ turn: { session }, ...row }) => ({
      id: row.id,
      sessionId: session.id,
      sessionTitle: session.title,
      sessionKind: session.kind === "PERSONAL" ? "personal" : "domain",
      domain: session.domain,
      automation: {
        id: session.automation.id,
        name: session.automation.name,
        kind: session.automation.kind === "FLOW" ? "flow" : "agent",
      },
      toolName: row.toolName,
      reason: row.routedToUserId ? "your_credential" : "approver_role",
      requestedAt: row.createdAt.toISOString(),
    })),
    total,
  };
}
