import type { TCountApprovalsResponse } from "@/contracts/approvals-inbox/count-approvals";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";
import { myApprovalsWhere } from "./my-approvals";

/** How many approvals wait for the person (the side navigation's badge; polled). */
export async function countApprovals(actor: TUserActor): Promise<TCountApprovalsResponse> {
  return { pending: await db().approval.count({ where: await myApprovalsWhere(actor) }) };
}
