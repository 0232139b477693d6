import type { TEventCatalogResponse } from "@/contracts/triggers/event-catalog";
import type { TUserActor } from "@/server/auth/actor";
import { visibleIntegrations } from "@/server/integrations/catalog";
import { eventTriggersEnabled } from "./rollout";

/** The integrations that declare events, and whether the organization has event triggers. */
export async function eventCatalog(actor: TUserActor): Promise<TEventCatalogResponse> {
  const integrations = await visibleIntegrations(actor.orgId);
  return {
    enabled: await eventTriggersEnabled(actor.orgId),
    sources: integrations
      .filter((integration) => integration.events?.length)
      .map((integration) => ({
        integrationId: integration.id,
        name: integration.name,
        events: integration.events ?? [],
      })),
  };
}
