import type { TTransaction } from "@/server/db/client";
import { db } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import { AppError } from "@/server/errors";

/**
 * The automations among `automationIds` that their follower's partner has disabled (resolved
 * standing: override ?? default). One query on the entitlements' primary key for a whole
 * fan-out; an automation without an entitlement row (every automation of an ordinary
 * organization, and any a follower made itself) is enabled, so ordinary organizations only
 * ever pay for an index probe that finds nothing.
 */
export async function disabledAutomations(automationIds: string[], tx: TTransaction = db()): Promise<Set<string>> {
  const ids = [...new Set(automationIds)];
  if (ids.length === 0) return new Set();
  const rows = await tx.$queryRaw<Array<{ automationId: string }>>`${disabledAutomationsSql(ids)}`;
  return new Set(rows.map((row) => row.automationId));
}

/**
 * The rule as one SELECT of `"automationId"` (text), for statements that check it on the way
 * (startSessions' insert refuses disabled automations without a statement of its own).
 */
export function disabledAutomationsSql(automationIds: string[]): Prisma.Sql {
  return Prisma.sql`SELECT "automationId"::text AS "automationId" FROM automation_entitlements
    WHERE "automationId" = ANY(${automationIds}::uuid[]) AND ${DISABLED}`;
}

/** The rule as a boolean expression about one automation id expression (a fan-out's subscriber read). */
export function isDisabledSql(automationId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT 1 FROM automation_entitlements WHERE "automationId" = ${automationId} AND ${DISABLED})`;
}

// The resolved standing of an entitlement row: the follower's override, else the partner's default.
const DISABLED = Prisma.sql`COALESCE("overrideEnabled", "defaultEnabled") = false`;

/** The refusal of a start (or a later turn) of a disabled automation. */
export function automationDisabled(name?: string): AppError {
  const what = name ? `"${name}"` : "This automation";
  return new AppError(
    "AUTOMATION_DISABLED",
    `${what} is not enabled for this organization: its partner has not enabled this automation, so it cannot run. Ask the partner to enable it.`,
  );
}

/** Refuses when any of the automations is disabled (the door of startSessions, later turns). */
export async function assertAutomationsEnabled(automationIds: string[], tx: TTransaction = db()): Promise<void> {
  await refuseDisabled(await disabledAutomations(automationIds, tx), tx);
}

/** 403 AUTOMATION_DISABLED naming the first of `disabled`, if there is one. */
export async function refuseDisabled(disabled: Set<string>, tx: TTransaction = db()): Promise<void> {
  if (disabled.size === 0) return;
  const [first] = disabled;
  const automation = await tx.automation.findUnique({ where: { id: first! }, select: { name: true } });
  throw automationDisabled(automation?.name);
}
