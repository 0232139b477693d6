import type { TCallerCredentials } from "@/contracts/common/caller-credentials";
import type { TBeltEntry } from "@/contracts/agents/setup";
import { entryFor, hasMaterial } from "./material";

export type TSubscriberBelt = { id: string; belt: readonly TBeltEntry[] };

const callerBound = (entry: TBeltEntry) =>
  entry.identityMode === "caller_preferred" || entry.identityMode === "caller_required";

/** One subscriber's share: only integrations it binds at caller identity (undefined when none). */
export function narrowForBelt(
  credentials: TCallerCredentials | undefined,
  belt: readonly TBeltEntry[],
): TCallerCredentials | undefined {
  if (!credentials) return undefined;
  const kept = belt.filter(callerBound).flatMap((binding) => {
    const entry = entryFor(credentials.integrations, binding.integrationId);
    return entry ? [[binding.integrationId, entry] as const] : [];
  });
  return kept.length > 0 ? { integrations: Object.fromEntries(kept) } : undefined;
}

/**
 * Trigger fan-out (section 4.x, triggers/fire): each subscriber gets only the integrations it
 * binds at caller identity; `unusedIntegrationIds` are the supplied ids no subscriber uses
 * (diagnostic metadata only: ids, never material).
 */
export function narrowCallerCredentials(
  credentials: TCallerCredentials | undefined,
  subscribers: readonly TSubscriberBelt[],
): { perSubscriber: Map<string, TCallerCredentials | undefined>; unusedIntegrationIds: string[] } {
  const perSubscriber = new Map<string, TCallerCredentials | undefined>();
  const used = new Set<string>();
  for (const subscriber of subscribers) {
    const share = narrowForBelt(credentials, subscriber.belt);
    perSubscriber.set(subscriber.id, share);
    for (const id of Object.keys(share?.integrations ?? {})) used.add(id);
  }
  const unusedIntegrationIds = Object.keys(credentials?.integrations ?? {}).filter((id) => !used.has(id));
  return { perSubscriber, unusedIntegrationIds };
}

/**
 * Integration ids a subscriber binds as caller_required for which the (narrowed) credentials
 * carry no material: a non-empty answer means the start is refused with
 * CALLER_CREDENTIALS_REQUIRED (scheduled and event firings pass undefined: no caller exists).
 */
export function missingRequiredCallerMaterial(
  credentials: TCallerCredentials | undefined,
  belt: readonly TBeltEntry[],
): string[] {
  return belt
    .filter(
      (binding) =>
        binding.identityMode === "caller_required" &&
        !hasMaterial(entryFor(credentials?.integrations, binding.integrationId)),
    )
    .map((binding) => binding.integrationId);
}
