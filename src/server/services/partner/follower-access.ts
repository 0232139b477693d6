import type { TTransaction } from "@/server/db/client";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";

/**
 * The platform's own customer, or the one uniform 404: a follower of another platform, an
 * ordinary organization and a nonexistent id cannot be told apart (section 5 rule 2).
 */
export async function readFollower(platformId: string, orgId: string, tx: TTransaction = db()) {
  const follower = await tx.follower.findUnique({
    where: { organizationId: orgId },
    select: { id: true, platformId: true, organizationId: true, ownerUserId: true, directLoginDisabled: true, onboardingStatus: true },
  });
  if (!follower || follower.platformId !== platformId) throw notFound();
  return follower;
}
