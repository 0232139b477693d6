import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { platformNotFound } from "@/server/services/partner/platforms/to-platform";
import { TEMPLATE_SELECT, toTemplate } from "./to-template";

export type TCreateTemplateOptions = { platformId: string; name: string; sourceOrganizationId: string };

/**
 * A template of the platform, taken from a source organization (any organization of the
 * instance). It has no release until one is published.
 */
export async function createTemplate({ platformId, name, sourceOrganizationId }: TCreateTemplateOptions) {
  const [platform, source, sameName] = await Promise.all([
    db().partnerPlatform.findUnique({ where: { id: platformId }, select: { id: true } }),
    db().organization.findUnique({ where: { id: sourceOrganizationId }, select: { id: true } }),
    db().partnerTemplate.findUnique({ where: { platformId_name: { platformId, name } }, select: { id: true } }),
  ]);
  if (!platform) throw platformNotFound();
  if (!source)
    throw new AppError("NOT_FOUND", "No organization has this id: choose the source organization from the list.");
  if (sameName)
    throw new AppError("CONFLICT", `This platform already has a template named “${name}”: choose another name.`);
  const row = await db().partnerTemplate.create({
    data: { platformId, name, sourceOrganizationId },
    select: TEMPLATE_SELECT,
  });
  return { template: toTemplate(row) };
}
