import type { TWhoamiResponse } from "@/contracts/auth/whoami";
import type { TUserActor } from "@/server/auth/actor";
import { db } from "@/server/db/client";

/** Describes the actor a bearer credential resolved to (already re-read on this request). */
export async function whoami(actor: TUserActor): Promise<TWhoamiResponse> {
  const organization = await db().organization.findUniqueOrThrow({
    where: { id: actor.orgId },
    select: { id: true, name: true },
  });
  let expiresAt: string | null = null;
  if (actor.via === "user_token" && actor.credentialId) {
    const token = await db().accessToken.findUnique({ where: { id: actor.credentialId }, select: { expiresAt: true } });
    expiresAt = token?.expiresAt.toISOString() ?? null;
  }
  return {
    user: { id: actor.userId, email: actor.email, name: actor.name },
    organization: { ...organization, role: actor.orgRole },
    credential: { kind: actor.via === "user_token" ? "user_token" : "api_key", expiresAt },
  };
}
