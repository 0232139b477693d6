import { db } from "@/server/db/client";

/** Re-read on every request: a revoked or disabled operator loses /admin at once. */
export async function isInstanceOperator(userId: string): Promise<boolean> {
  const user = await db().user.findUnique({
    where: { id: userId },
    select: { isInstanceOperator: true, disabledAt: true },
  });
  return Boolean(user?.isInstanceOperator && !user.disabledAt);
}
