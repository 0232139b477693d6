import type { TEntitlement } from "@/contracts/partner/entitlement";
import { db, type TTransaction } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { isUuid } from "@/contracts/common/ids";
import { readFollower } from "@/server/services/partner/follower-access";

type TAutomationRow = {
  id: string;
  kind: "AGENT" | "FLOW";
  name: string;
  domainId: string;
  entitlement: { defaultEnabled: boolean; overrideEnabled: boolean | null } | null;
};

const AUTOMATION_SELECT = {
  id: true,
  kind: true,
  name: true,
  domainId: true,
  entitlement: { select: { defaultEnabled: true, overrideEnabled: true } },
} as const;

/** No entitlement row: an automation the customer made itself, enabled by default. */
export function toEntitlement(row: TAutomationRow): TEntitlement {
  const standing = row.entitlement ?? { defaultEnabled: true, overrideEnabled: null };
  return {
    automationId: row.id,
    kind: row.kind === "AGENT" ? "agent" : "flow",
    name: row.name,
    domainId: row.domainId,
    default: standing.defaultEnabled,
    override: standing.overrideEnabled,
    enabled: standing.overrideEnabled ?? standing.defaultEnabled,
  };
}

/** Every agent and flow of an organization with its standing (published or not), by name. */
export async function organizationEntitlements(orgId: string, tx: TTransaction = db()): Promise<TEntitlement[]> {
  const rows = await tx.automation.findMany({
    where: { organizationId: orgId },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: AUTOMATION_SELECT,
  });
  return rows.map(toEntitlement);
}

/** GET /organizations/:orgId/entitlements: the platform's own customer only (uniform 404). */
export async function listEntitlements(platformId: string, orgId: string): Promise<{ entitlements: TEntitlement[] }> {
  if (!isUuid(orgId)) throw notFound();
  await readFollower(platformId, orgId);
  return { entitlements: await organizationEntitlements(orgId) };
}

async function readAutomation(tx: TTransaction, orgId: string, automationId: string) {
  const row = await tx.automation.findFirst({
    where: { id: automationId, organizationId: orgId },
    select: AUTOMATION_SELECT,
  });
  if (!row) throw notFound("automation");
  return row;
}

/**
 * PATCH (override true/false) and DELETE (override null) of one automation's entitlement. A
 * customer-made automation gets its row on first override (default true, as it had none).
 */
export async function setEntitlementOverride(o: {
  platformId: string;
  orgId: string;
  automationId: string;
  override: boolean | null;
}): Promise<TEntitlement> {
  if (!isUuid(o.orgId) || !isUuid(o.automationId)) throw notFound("automation");
  return db().$transaction(async (tx) => {
    await readFollower(o.platformId, o.orgId, tx);
    const automation = await readAutomation(tx, o.orgId, o.automationId);
    if (o.override === null && !automation.entitlement) return toEntitlement(automation);
    const entitlement = await tx.automationEntitlement.upsert({
      where: { automationId: automation.id },
      create: { automationId: automation.id, organizationId: o.orgId, overrideEnabled: o.override },
      update: { overrideEnabled: o.override },
      select: { defaultEnabled: true, overrideEnabled: true },
    });
    return toEntitlement({ ...automation, entitlement });
  });
}
