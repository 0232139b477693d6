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
export async function enableEventTriggers(orgId: string): Promise<void> {
  await db().instanceSetting.upsert({
    where: { key: orgKey(orgId) },
    create: { key: orgKey(orgId), value: "enabled" },
    update: { value: "enabled" },
  });
}

export async function disableEventTriggers(orgId: string): Promise<void> {
  await db().instanceSetting.deleteMany({ where: { key: orgKey(orgId) } });
}
