import type { TUserActor } from "@/server/auth/actor";
import { db, type TTransaction } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import { visibleTools, type TVisibleTool } from "@/server/integrations/catalog";
import { authorizeAutomation, type TAutomationKind, type TAutomationRef } from "./automation-access";
import { recordAudit } from "@/server/services/audit/record-audit";
import { PUBLISHED_REVISIONS } from "@/server/services/revisions/test-run-revision";
import { sameJson } from "@/server/services/agents/revision-json";

/** What a revision row stores: the kind's verified draft and the belt publish planned for it. */
export type TRevisionContent<TBelt> = {
  setup: Prisma.InputJsonValue;
  belt: TBelt;
  knowledgeSelection: Prisma.InputJsonValue;
};

/**
 * The revision callers now run, and the earlier revision it is identical to, if any (the console
 * says "Nothing changed since revision N"; the v1 answer's schema leaves the field out).
 */
export type TPublishAnswer<TBelt> = { revision: number; belt: TBelt; identicalTo: number | null };

const NOUN: Record<TAutomationKind, string> = { AGENT: "agent", FLOW: "flow" };

/**
 * Publishes an agent's or a flow's draft as the next revision (1, 2, 3, ...): the spec's publish
 * always answers a new revision number, so an unchanged draft publishes too, and the answer names
 * the published revision it repeats (`identicalTo`) so the console can say so. A change note
 * alone is not a change.
 *
 * `verified` takes the automation's row lock, checks the draft the kind's way and throws its 422
 * on findings. The lock serializes concurrent publishes, so the draft that is verified is the
 * draft that is compared and snapshotted, and two publishes never compute the same number. The
 * revision, the published pointer, the audit entry and the Idempotency-Key's record share one
 * transaction.
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
  record?: (tx: TTransaction, answer: TPublishAnswer<TBelt>) => Promise<void>,
): Promise<TPublishAnswer<TBelt>> {
  const automation = await authorizeAutomation(actor, input.id, kind, "edit_automation");
  // Read outside the transaction: the embedded database has one connection, which the
  // transaction holds. An integration disabled in between is caught when the run starts.
  const tools = await visibleTools(actor.orgId);
  return db().$transaction(async (tx) => {
    const content = await verified(tx, automation, tools);
    const current = await publishedContent(tx, automation.id);
    const identicalTo = current && sameJson(current.content, content) ? current.revision : null;
    const latest = await tx.automationRevision.aggregate({
      where: { automationId: automation.id, revision: PUBLISHED_REVISIONS },
      _max: { revision: true },
    });
    const revision = (latest._max.revision ?? 0) + 1;
    const changeNote = input.changeNote || null;
    await tx.automationRevision.create({
      data: { automationId: automation.id, revision, ...content, changeNote, publishedById: actor.userId },
    });
    await tx.automation.update({ where: { id: automation.id }, data: { publishedRevision: revision } });
    await recordAudit(tx, {
      orgId: automation.organizationId,
      actor,
      kind: kind === "AGENT" ? "agent.published" : "flow.published",
      subject: { type: NOUN[kind], id: automation.id },
      summary:
        `Published revision ${revision} of ${NOUN[kind]} “${automation.name}”` +
        (identicalTo === null ? "" : ` (identical to revision ${identicalTo})`),
      data: { revision, changeNote, domainId: automation.domainId, identicalTo },
    });
    const answer = { revision, belt: content.belt, identicalTo };
    await record?.(tx, answer);
    return answer;
  });
}

/** The revision the published pointer names, as stored, or null before the first publish. */
async function publishedContent(tx: TTransaction, automationId: string) {
  const automation = await tx.automation.findUniqueOrThrow({
    where: { id: automationId },
    select: { publishedRevision: true },
  });
  if (automation.publishedRevision === null) return null;
  const row = await tx.automationRevision.findUnique({
    where: { automationId_revision: { automationId, revision: automation.publishedRevision } },
    select: { revision: true, setup: true, belt: true, knowledgeSelection: true },
  });
  if (!row) return null;
  return {
    revision: row.revision,
    content: { setup: row.setup, belt: row.belt, knowledgeSelection: row.knowledgeSelection },
  };
}
