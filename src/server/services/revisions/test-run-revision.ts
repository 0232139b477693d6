import type { TTransaction } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";

/**
 * Test runs pin an immutable snapshot of the draft like any run pins a revision. The snapshot
 * is an AutomationRevision row with a NEGATIVE number (-1, -2, ...): the engine loads it like
 * any revision, while revision lists, publish numbering and the published pointer only ever
 * see positive numbers.
 */
export const PUBLISHED_REVISIONS = { gt: 0 } as const;

export const isTestRunRevision = (revision: number): boolean => revision < 0;

export type TTestRunSnapshot = {
  setup: Prisma.InputJsonValue;
  belt: Prisma.InputJsonValue;
  knowledgeSelection: Prisma.InputJsonValue;
};

/**
 * Inside the caller's transaction, which must already hold the automation's row lock (the
 * lock is what keeps concurrent test runs from computing the same number; the unique
 * (automationId, revision) index is the backstop): stores the snapshot as the next negative
 * revision and returns its number.
 */
export async function createTestRunRevision(
  tx: TTransaction,
  automationId: string,
  actorId: string,
  snapshot: TTestRunSnapshot,
): Promise<number> {
  const lowest = await tx.automationRevision.aggregate({
    where: { automationId, revision: { lt: 0 } },
    _min: { revision: true },
  });
  const revision = (lowest._min.revision ?? 0) - 1;
  await tx.automationRevision.create({
    data: { automationId, revision, ...snapshot, changeNote: "Test run of the draft", publishedById: actorId },
  });
  return revision;
}

/** Locks the automation row for the rest of the transaction (publish and test runs serialize on it). */
export async function lockAutomation(tx: TTransaction, automationId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM automations WHERE id = ${automationId}::uuid FOR UPDATE`;
}
