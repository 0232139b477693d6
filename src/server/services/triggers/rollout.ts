import { db, queryRows, type TTransaction } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";

/**
 * Event triggers are rolled out per organization with an instance setting (docs/decisions.md,
 * Triggers): `rollout.event_triggers.<orgId>` = "enabled" for one organization, or
 * `rollout.event_triggers` = "all" for every organization of the instance.
 */
const ALL_KEY = "rollout.event_triggers";
const orgKey = (orgId: string) => `${ALL_KEY}.${orgId}`;

/**
 * The rule as a SQL condition on an organization id (a column or a parameter), so a statement can
 * read the rollout beside what it is about: event ingress reads it with the trigger.
 */
export function eventTriggersEnabledSql(orgId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT 1 FROM instance_settings s WHERE (s.key = ${ALL_KEY} AND s.value = 'all') OR (s.key = ${ALL_KEY} || '.' || ${orgId}::text AND s.value = 'enabled'))`;
}

export async function eventTriggersEnabled(orgId: string, client: TTransaction = db()): Promise<boolean> {
  const [row] = await queryRows<{ enabled: boolean }>(
    client,
    Prisma.sql`SELECT ${eventTriggersEnabledSql(Prisma.sql`${orgId}`)} AS enabled`,
  );
  return row!.enabled;
}

/** Operators (and the fixture world) enable event triggers for one organization. */
export async function enableEventTriggers(orgId: string, client: TTransaction = db()): Promise<void> {
  await client.instanceSetting.upsert({
    where: { key: orgKey(orgId) },
    create: { key: orgKey(orgId), value: "enabled" },
    update: { value: "enabled" },
  });
}

export async function disableEventTriggers(orgId: string, client: TTransaction = db()): Promise<void> {
  await client.instanceSetting.deleteMany({ where: { key: orgKey(orgId) } });
}

/** The switches as the operators' console shows them: the instance's, and each organization's own. */
export async function readEventTriggerSwitches(
  client: TTransaction = db(),
): Promise<{ instance: boolean; organizations: Set<string> }> {
  const rows = await client.instanceSetting.findMany({
    where: { key: { startsWith: ALL_KEY } },
    select: { key: true, value: true },
  });
  const instance = rows.some((row) => row.key === ALL_KEY && row.value === "all");
  const organizations = new Set(
    rows
      .filter((row) => row.key !== ALL_KEY && row.value === "enabled")
      .map((row) => row.key.slice(ALL_KEY.length + 1)),
  );
  return { instance, organizations };
}

/** The one switch for every organization of the instance (`rollout.event_triggers` = "all"). */
export async function setEventTriggersForAll(enabled: boolean, client: TTransaction = db()): Promise<void> {
  if (enabled) {
    await client.instanceSetting.upsert({
      where: { key: ALL_KEY },
      create: { key: ALL_KEY, value: "all" },
      update: { value: "all" },
    });
  } else {
    await client.instanceSetting.deleteMany({ where: { key: ALL_KEY } });
  }
}
