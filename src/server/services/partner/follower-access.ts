import { isUuid } from "@/contracts/common/ids";
import type { TTransaction } from "@/server/db/client";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";

/**
 * The platform's own customer, or the one uniform 404: a follower of another platform, an
 * ordinary organization and a nonexistent id cannot be told apart (section 5 rule 2).
 */
export async function readFollower(platformId: string, orgId: string, tx: TTransaction = db()) {
  // Path ids are plain strings (any text is the uniform 404, not a 400); the column is a uuid,
  // and PostgreSQL refuses to compare it with anything else.
  if (!isUuid(orgId)) throw notFound();
  const follower = await tx.follower.findUnique({
    where: { organizationId: orgId },
    select: {
      id: true,
      platformId: true,
      organizationId: true,
      ownerUserId: true,
      directLoginDisabled: true,
      onboardingStatus: true,
    },
  });
  if (!follower || follower.platformId !== platformId) throw notFound();
  return follower;
}
