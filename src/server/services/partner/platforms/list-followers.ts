import type { TAdminFollower } from "@/contracts/admin/follower";
import { db } from "@/server/db/client";
import { platformNotFound } from "./to-platform";

/** Every customer of the platform with its onboarding state, newest first. */
export async function listFollowers(platformId: string): Promise<{ followers: TAdminFollower[] }> {
  const platform = await db().partnerPlatform.findUnique({
    where: { id: platformId },
    select: {
      followers: {
        orderBy: [{ createdAt: "desc" }, { id: "asc" }],
        select: {
          id: true,
          organizationId: true,
          clientName: true,
          clientSegment: true,
          onboardingStatus: true,
          onboardingSteps: true,
          onboardingError: true,
          createdAt: true,
          onboardedAt: true,
          release: { select: { id: true, version: true, template: { select: { name: true } } } },
        },
      },
    },
  });
  if (!platform) throw platformNotFound();
  return {
    followers: platform.followers.map(({ release, createdAt, onboardedAt, ...follower }) => ({
      ...follower,
      release: release ? { id: release.id, templateName: release.template.name, version: release.version } : null,
      createdAt: createdAt.toISOString(),
      onboardedAt: onboardedAt?.toISOString() ?? null,
    })),
  };
}
