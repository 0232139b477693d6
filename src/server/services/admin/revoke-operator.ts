import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { OPERATOR_SELECT, toOperator } from "./operators";

/**
 * Takes operator rights from someone else. Nobody revokes themself, which also means the
 * instance always keeps at least the operator who acts.
 */
export async function revokeOperator({ actorUserId, userId }: { actorUserId: string; userId: string }) {
  if (actorUserId === userId)
    throw new AppError("CONFLICT", "You cannot revoke your own operator rights: ask another operator to do it.");
  const user = await db().user.findFirst({ where: { id: userId, isInstanceOperator: true }, select: { id: true } });
  if (!user) throw new AppError("NOT_FOUND", "This person is not an instance operator.");
  const row = await db().user.update({
    where: { id: user.id },
    data: { isInstanceOperator: false },
    select: OPERATOR_SELECT,
  });
  return { operator: toOperator(row) };
}
