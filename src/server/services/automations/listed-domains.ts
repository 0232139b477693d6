import type { TUserActor } from "@/server/auth/actor";
import { assertCan } from "@/server/auth/permissions";
import type { Prisma } from "@/server/db/generated/client";

/**
 * Which domains an agent or flow list covers: the one asked for (404 outside the organization,
 * 403 without a role in it), or, without one, every domain the actor holds a role in now
 * (organization Owner/Admin status adds none: docs/decisions.md).
 */
export async function listedDomains(
  actor: TUserActor,
  domainId: string | undefined,
): Promise<Prisma.AutomationWhereInput> {
  if (domainId !== undefined) {
    await assertCan(actor, "view", domainId);
    return { domainId };
  }
  return { domain: { memberships: { some: { userId: actor.userId } } } };
}
