import { db } from "@/server/db/client";
import { platformNotFound } from "@/server/services/partner/platforms/to-platform";
import { TEMPLATE_SELECT, toTemplate } from "./to-template";

/** The platform's templates (newest first) with their releases. */
export async function listTemplates(platformId: string) {
  const platform = await db().partnerPlatform.findUnique({
    where: { id: platformId },
    select: { templates: { select: TEMPLATE_SELECT, orderBy: [{ createdAt: "desc" }, { id: "asc" }] } },
  });
  if (!platform) throw platformNotFound();
  return { templates: platform.templates.map(toTemplate) };
}
