import type { TUserActor } from "@/server/auth/actor";
import { db, type TTransaction } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import { visibleTools, type TVisibleTool } from "@/server/integrations/catalog";
import {
  authorizeAutomation,
  type TAutomationKind,
  type TAutomationRef,
} from "@/server/services/automations/automation-access";
import type { TRevisionContent } from "@/server/services/automations/publish-revision";
import { recordAudit } from "@/server/services/audit/record-audit";
import { PUBLISHED_REVISIONS } from "@/server/services/revisions/test-run-revision";
import { sameJson } from "./revision-json";

/** The revision callers now run; the same number again when nothing changed (the v1 shape has no flag). */
export type TPublishAnswer<TBelt> = { revision: number; belt: TBelt };

const NOUN: Record<TAutomationKind, string> = { AGENT: "agent", FLOW: "flow" };

/**
 * Publishes an agent's or a flow's draft as the next revision (1, 2, 3, ...), unless the draft
 * (as verified) is exactly the published revision: then nothing is written and the answer is
 * that revision's number again (docs/decisions-incoming/traps-b.md: a blind re-publish is a
 * no-op, not an error; the console says "Nothing changed since revision N"). A change note alone
 * is not a change.
 *
 * `verified` takes the automation's row lock, checks the draft the kind's way and throws its 422
 * on findings. The lock serializes concurrent publishes, so the draft that is verified is the
 * draft that is compared and snapshotted, and two publishes never compute the same number. The
 * revision, the published pointer, the audit entry and the Idempotency-Key's record share one
 * transaction.
 */
export async function publishChangedRevision<TBelt extends Prisma.InputJsonValue>(
  kind: TAutomationKind,
  actor: TUserActor,
  input: { id: string; changeNote?: string | null },
  verified: (
    tx: TTransaction,
    automation: TAutomationRef,
    tools: Map<string, TVisibleTool>,
  ) => Promise<TRevisionContent<TBelt>>,
  record?: (tx: TTransaction, answer: { revision: number; belt: TBelt }) => Promise<void>,
): Promise<TPublishAnswer<TBelt>> {
  const automation = await authorizeAutomation(actor, input.id, kind, "edit_automation");
  // Read outside the transaction: the embedded database has one connection, which the
  // transaction holds. An integration disabled in between is caught when the run starts.
  const tools = await visibleTools(actor.orgId);
  return db().$transaction(async (tx) => {
    const content = await verified(tx, automation, tools);
    const current = await publishedContent(tx, automation.id);
    if (current && sameJson(current.content, content)) {
      const answer = { revision: current.revision, belt: content.belt };
      await record?.(tx, answer);
      return answer;
    }
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
      summary: `Published revision ${revision} of ${NOUN[kind]} “${automation.name}”`,
      data: { revision, changeNote, domainId: automation.domainId },
    });
    const answer = { revision, belt: content.belt };
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
