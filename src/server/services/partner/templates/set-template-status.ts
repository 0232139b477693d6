import { db } from "@/server/db/client";
import { TEMPLATE_SELECT, templateNotFound, toTemplate } from "./to-template";

/** A suspended template refuses provisioning (TEMPLATE_SUSPENDED) until it is reactivated. */
export async function setTemplateStatus(templateId: string, status: "ACTIVE" | "SUSPENDED") {
  const updated = await db().partnerTemplate.updateMany({ where: { id: templateId }, data: { status } });
  if (updated.count === 0) throw templateNotFound();
  const row = await db().partnerTemplate.findUniqueOrThrow({ where: { id: templateId }, select: TEMPLATE_SELECT });
  return { template: toTemplate(row) };
}
