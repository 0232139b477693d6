import type { TGetEventTriggerRolloutResponse } from "@/contracts/admin/get-event-trigger-rollout";
import { db } from "@/server/db/client";
import { readEventTriggerSwitches } from "@/server/services/triggers/rollout";

/** Every organization of the instance by name, with its event-trigger switch and the instance's. */
export async function getEventTriggerRollout(): Promise<TGetEventTriggerRolloutResponse> {
  const [organizations, switches] = await Promise.all([
    db().organization.findMany({
      select: { id: true, name: true, slug: true },
      orderBy: [{ name: "asc" }, { id: "asc" }],
    }),
    readEventTriggerSwitches(),
  ]);
  return {
    instanceEnabled: switches.instance,
    organizations: organizations.map((organization) => {
      const enabled = switches.organizations.has(organization.id);
      return { ...organization, enabled, effective: enabled || switches.instance };
    }),
  };
}
