import type { TTriggerSubscriber } from "@/contracts/triggers/list-triggers";
import { db } from "@/server/db/client";

type TAutomationRow = { id: string; name: string; kind: "AGENT" | "FLOW"; publishedRevision: number | null };

/**
 * Subscriber rows for the console, with whether the published revision binds any integration
 * at caller_required identity: scheduled and event firings refuse those (section 5, rule 8).
 */
export async function describeSubscribers(automations: TAutomationRow[]): Promise<TTriggerSubscriber[]> {
  const published = automations.filter((automation) => automation.publishedRevision !== null);
  const revisions = published.length
    ? await db().automationRevision.findMany({
        where: {
          OR: published.map((automation) => ({ automationId: automation.id, revision: automation.publishedRevision! })),
        },
        select: { automationId: true, belt: true },
      })
    : [];
  const callerRequired = new Set(
    revisions
      .filter((revision) =>
        ((revision.belt as Array<{ identityMode?: string }> | null) ?? []).some(
          (entry) => entry.identityMode === "caller_required",
        ),
      )
      .map((revision) => revision.automationId),
  );
  return automations.map((automation) => ({
    automationId: automation.id,
    name: automation.name,
    kind: automation.kind === "FLOW" ? "flow" : "agent",
    callerRequired: callerRequired.has(automation.id),
  }));
}

export const SUBSCRIBER_AUTOMATION_SELECT = { id: true, name: true, kind: true, publishedRevision: true } as const;
