import type { TRenameSelfRequest, TRenameSelfResponse } from "@/contracts/passwords/rename-self";
import { db } from "@/server/db/client";

/** The signed-in person's display name; the cookie carries none, so every page shows the new one at once. */
export async function renameSelf(userId: string, input: TRenameSelfRequest): Promise<TRenameSelfResponse> {
  const user = await db().user.update({ where: { id: userId }, data: { name: input.name }, select: { name: true } });
  return { name: user.name };
}
