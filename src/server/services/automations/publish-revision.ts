import type { TUserActor } from "@/server/auth/actor";
import { db, type TTransaction } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import { visibleTools, type TVisibleTool } from "@/server/integrations/catalog";
import { PUBLISHED_REVISIONS } from "@/server/services/revisions/test-run-revision";
import { authorizeAutomation, type TAutomationKind, type TAutomationRef } from "./automation-access";

/** What a revision row stores: the kind's verified draft and the belt publish planned for it. */
export type TRevisionContent<TBelt> = {
  setup: Prisma.InputJsonValue;
  belt: TBelt;
  knowledgeSelection: Prisma.InputJsonValue;
};

/**
 * Publishes an agent's or a flow's draft as the next revision (1, 2, 3, ...). `verified`
 * takes the automation's row lock, checks the draft the kind's way and throws its 422 on
 * findings (publish and Test run share it). The lock serializes concurrent publishes, so the
 * draft that is verified is the draft that is snapshotted and two publishes never compute the
 * same number (the unique (automationId, revision) index is the backstop). Findings roll
 * everything back: 422, draft unchanged, no revision.
 */
export async function publishRevision<TBelt extends Prisma.InputJsonValue>(
  kind: TAutomationKind,
  actor: TUserActor,
  input: { id: string; changeNote?: string | null },
  verified: (
    tx: TTransaction,
    automation: TAutomationRef,
    tools: Map<string, TVisibleTool>,
  ) => Promise<TRevisionContent<TBelt>>,
  /** Called inside the publish's transaction with its revision (an Idempotency-Key's recorder). */
  published?: (tx: TTransaction, revision: { revision: number; belt: TBelt }) => Promise<void>,
): Promise<{ revision: number; belt: TBelt }> {
  const automation = await authorizeAutomation(actor, input.id, kind, "edit_automation");
  // Read outside the transaction: the embedded database has one connection, which the
  // transaction holds. An integration disabled in between is caught when the run starts.
  const tools = await visibleTools(actor.orgId);
  return db().$transaction(async (tx) => {
    const content = await verified(tx, automation, tools);
    const latest = await tx.automationRevision.aggregate({
      where: { automationId: automation.id, revision: PUBLISHED_REVISIONS },
      _max: { revision: true },
    });
    const revision = (latest._max.revision ?? 0) + 1;
    await tx.automationRevision.create({
      data: {
        automationId: automation.id,
        revision,
        ...content,
        changeNote: input.changeNote || null,
        publishedById: actor.userId,
      },
    });
    await tx.automation.update({ where: { id: automation.id }, data: { publishedRevision: revision } });
    await published?.(tx, { revision, belt: content.belt });
    return { revision, belt: content.belt };
  });
}
