import { db, type TTransaction } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";

/**
 * Event triggers are rolled out per organization with an instance setting (docs/decisions.md,
 * Triggers): `rollout.event_triggers.<orgId>` = "enabled" for one organization, or
 * `rollout.event_triggers` = "all" for every organization of the instance.
 */
const ALL_KEY = "rollout.event_triggers";
const orgKey = (orgId: string) => `${ALL_KEY}.${orgId}`;

export async function eventTriggersEnabled(orgId: string, client: TTransaction | ReturnType<typeof db> = db()): Promise<boolean> {
  const rows = await client.instanceSetting.findMany({ where: { key: { in: [ALL_KEY, orgKey(orgId)] } }, select: { key: true, value: true } });
  return rows.some((row) => (row.key === ALL_KEY ? row.value === "all" : row.value === "enabled"));
}

/**
 * The same rule as a SQL condition on an organization id column, for a statement that reads the
 * rollout beside what it is about (event ingress reads it with the trigger, in one statement).
 */
export function eventTriggersEnabledSql(orgIdColumn: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT 1 FROM instance_settings s WHERE (s.key = ${ALL_KEY} AND s.value = 'all') OR (s.key = ${ALL_KEY} || '.' || ${orgIdColumn}::text AND s.value = 'enabled'))`;
}

/** Operators (and the fixture world) enable event triggers for one organization. */
export async function enableEventTriggers(orgId: string): Promise<void> {
  await db().instanceSetting.upsert({ where: { key: orgKey(orgId) }, create: { key: orgKey(orgId), value: "enabled" }, update: { value: "enabled" } });
}

export async function disableEventTriggers(orgId: string): Promise<void> {
  await db().instanceSetting.deleteMany({ where: { key: orgKey(orgId) } });
}
