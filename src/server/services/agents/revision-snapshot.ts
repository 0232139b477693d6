import { z } from "zod";
import { ZBeltEntry, ZBindingPolicies, ZKnowledgeSelection, ZSetup } from "@/contracts/agents/setup";
import { ZActionClass } from "@/contracts/assistant/actions";
import { AppError } from "@/server/errors";

/**
 * What a revision row holds, exactly as publish wrote it (never edited afterwards). Revisions
 * published before action classes existed (and template releases copied from them) have no
 * `actionClasses` key: they read as `{}`, i.e. every tool read-only.
 */
export const ZRevisionSetup = ZSetup.extend({
  bindingPolicies: ZBindingPolicies,
  actionClasses: z.record(z.string(), ZActionClass).default({}),
});
export type TRevisionSetup = z.infer<typeof ZRevisionSetup>;

export type TAgentRevisionSnapshot = {
  automationId: string;
  revision: number;
  setup: TRevisionSetup;
  belt: z.infer<typeof ZBeltEntry>[];
  knowledgeSelection: z.infer<typeof ZKnowledgeSelection>;
  changeNote: string | null;
  publishedAt: Date;
  publishedById: string | null;
};

export const REVISION_SELECT = {
  automationId: true,
  revision: true,
  setup: true,
  belt: true,
  knowledgeSelection: true,
  changeNote: true,
  createdAt: true,
  publishedById: true,
} as const;

type TRevisionRow = {
  automationId: string;
  revision: number;
  setup: unknown;
  belt: unknown;
  knowledgeSelection: unknown;
  changeNote: string | null;
  createdAt: Date;
  publishedById: string | null;
};

const ZStoredRevision = z.object({
  setup: ZRevisionSetup,
  belt: z.array(ZBeltEntry),
  knowledgeSelection: ZKnowledgeSelection,
});

/** Parses the JSON columns; a row that does not match was not written by publish and is a bug. */
export function toSnapshot(row: TRevisionRow): TAgentRevisionSnapshot {
  const parsed = ZStoredRevision.safeParse(row);
  if (!parsed.success) {
    throw new AppError("INTERNAL", `Revision ${row.revision} of agent ${row.automationId} is unreadable.`, {
      cause: parsed.error,
    });
  }
  return {
    automationId: row.automationId,
    revision: row.revision,
    ...parsed.data,
    changeNote: row.changeNote,
    publishedAt: row.createdAt,
    publishedById: row.publishedById,
  };
}
