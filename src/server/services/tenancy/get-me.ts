import type { TGetMeResponse } from "@/contracts/tenancy/get-me";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";

/**
 * The signed-in person, the organizations they may choose, and the one selected. A disabled
 * membership is not offered: it is refused in that organization until an Owner or Admin enables it.
 */
export async function getMe({ userId, orgId }: { userId: string; orgId: string | null }): Promise<TGetMeResponse> {
  const user = await db().user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      name: true,
      isInstanceOperator: true,
      orgMemberships: {
        where: { disabledAt: null },
        select: {
          role: true,
          organization: { select: { id: true, name: true, slug: true, follower: { select: { id: true } } } },
        },
        orderBy: { createdAt: "asc" },
      },
    },
  });
  if (!user) throw notFound("user");
  return {
    user: { id: user.id, email: user.email, name: user.name, isInstanceOperator: user.isInstanceOperator },
    organizations: user.orgMemberships.map(({ role, organization: { follower, ...organization } }) => ({
      ...organization,
      role,
      hasPartner: follower !== null,
    })),
    selectedOrganizationId: orgId,
  };
}
