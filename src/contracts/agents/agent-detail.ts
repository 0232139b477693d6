import { z } from "zod";
import { ZIsoDateTime } from "@/contracts/common/ids";
import { ZBeltEntry, ZBindingPolicies, ZKnowledgeSelection, ZSetup } from "./setup";

/** The console's view of one agent: its draft and where its published pointer stands. */
export const ZAgentDetail = z.object({
  id: z.uuid(),
  domainId: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  kind: z.literal("agent"),
  setup: ZSetup,
  bindingPolicies: ZBindingPolicies,
  knowledgeSelection: ZKnowledgeSelection,
  publishedRevision: z.int().nullable(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TAgentDetail = z.infer<typeof ZAgentDetail>;

export const ZAgentSummary = z.object({
  id: z.uuid(),
  domainId: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  publishedRevision: z.int().nullable(),
  updatedAt: ZIsoDateTime,
});
export type TAgentSummary = z.infer<typeof ZAgentSummary>;

export const ZRevisionAuthor = z.object({ id: z.uuid(), name: z.string() }).nullable();

export const ZRevisionSummary = z.object({
  revision: z.int(),
  changeNote: z.string().nullable(),
  publishedAt: ZIsoDateTime,
  publishedBy: ZRevisionAuthor,
});
export type TRevisionSummary = z.infer<typeof ZRevisionSummary>;

/** An immutable published snapshot: what runs of that revision use. */
export const ZRevisionDetail = ZRevisionSummary.extend({
  setup: ZSetup.extend({ bindingPolicies: ZBindingPolicies }),
  belt: z.array(ZBeltEntry),
  knowledgeSelection: ZKnowledgeSelection,
});
export type TRevisionDetail = z.infer<typeof ZRevisionDetail>;
