import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { PLATFORM_SELECT, platformNotFound, toPlatform } from "@/server/services/partner/platforms/to-platform";

/**
 * Chooses the template POST /organizations applies (its latest release), or none (null: an
 * empty customer). The template must belong to the platform (else 404) and have a release.
 */
export async function setProvisioningTemplate(platformId: string, templateId: string | null) {
  return db().$transaction(async (tx) => {
    const platform = await tx.partnerPlatform.findUnique({ where: { id: platformId }, select: { id: true } });
    if (!platform) throw platformNotFound();
    if (templateId) {
      const template = await tx.partnerTemplate.findFirst({
        where: { id: templateId, platformId },
        select: { _count: { select: { releases: true } } },
      });
      if (!template) throw new AppError("NOT_FOUND", "This platform has no template with this id.");
      if (template._count.releases === 0)
        throw new AppError(
          "CONFLICT",
          "Publish a release of this template first: provisioning applies its latest release.",
        );
    }
    const row = await tx.partnerPlatform.update({
      where: { id: platformId },
      data: { provisioningTemplateId: templateId },
      select: PLATFORM_SELECT,
    });
    return { platform: toPlatform(row) };
  });
}
