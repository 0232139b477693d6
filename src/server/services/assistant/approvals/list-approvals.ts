import type { TListApprovalsResponse } from "@/contracts/assistant/list-approvals";
import { db } from "@/server/db/client";
import { APPROVAL_SELECT, toAssistantApproval } from "@/server/services/assistant/actions/action-records";
import { readWorker, type TWorkerTarget } from "@/server/services/assistant/workers/read-worker";

const STATE = { pending: "PENDING", decided: "DECIDED", expired: "EXPIRED" } as const;

/**
 * GET /workers/{w}/approvals: pending first, then the others, oldest first within each (spec
 * 4.8). Pending ones are read first so a page of history never hides one waiting for a decision.
 */
export async function listWorkerApprovals(
  o: TWorkerTarget & { state?: keyof typeof STATE; limit: number },
): Promise<TListApprovalsResponse> {
  const worker = await readWorker(o);
  const order = [{ requestedAt: "asc" as const }, { number: "asc" as const }];
  const states = o.state ? [STATE[o.state]] : (["PENDING", "DECIDED", "EXPIRED"] as const);
  const rows = [];
  if (states.includes("PENDING")) {
    rows.push(
      ...(await db().assistantApproval.findMany({
        where: { workerId: worker.id, state: "PENDING" },
        orderBy: order,
        take: o.limit,
        select: APPROVAL_SELECT,
      })),
    );
  }
  const others = states.filter((state) => state !== "PENDING");
  if (others.length && rows.length < o.limit) {
    rows.push(
      ...(await db().assistantApproval.findMany({
        where: { workerId: worker.id, state: { in: others } },
        orderBy: order,
        take: o.limit - rows.length,
        select: APPROVAL_SELECT,
      })),
    );
  }
  return { items: rows.map(toAssistantApproval) };
}
