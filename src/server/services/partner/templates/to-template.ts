import type { TTemplate } from "@/contracts/admin/template";
import type { TTransaction } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import { AppError } from "@/server/errors";

export const TEMPLATE_SELECT = {
  id: true,
  name: true,
  status: true,
  createdAt: true,
  sourceOrganization: { select: { id: true, name: true } },
  provisioningFor: { select: { id: true } },
  releases: { select: { id: true, version: true, createdAt: true, blueprint: true }, orderBy: { version: "desc" } },
} as const;

type TTemplateRow = Prisma.PartnerTemplateGetPayload<{ select: typeof TEMPLATE_SELECT }>;

function automationCount(blueprint: Prisma.JsonValue): number {
  const automations = (blueprint as { automations?: unknown } | null)?.automations;
  return Array.isArray(automations) ? automations.length : 0;
}

export function toTemplate(row: TTemplateRow): TTemplate {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    sourceOrganization: row.sourceOrganization,
    isProvisioningTemplate: row.provisioningFor !== null,
    createdAt: row.createdAt.toISOString(),
    releases: row.releases.map((release) => ({
      id: release.id,
      version: release.version,
      automationCount: automationCount(release.blueprint),
      createdAt: release.createdAt.toISOString(),
    })),
  };
}

export function templateNotFound(): AppError {
  return new AppError("NOT_FOUND", "No template has this id.");
}

/** Locks the template's row for the transaction: releases of one template get numbers one at a time. */
export async function lockTemplate(tx: TTransaction, templateId: string) {
  const rows = await tx.$queryRaw<
    Array<{ id: string }>
  >`SELECT id FROM partner_templates WHERE id = ${templateId}::uuid FOR UPDATE`;
  if (rows.length === 0) throw templateNotFound();
}
