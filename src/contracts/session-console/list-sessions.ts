import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { ZRunOutcome, ZSessionListStatus, ZSessionOrigin, ZSessionRunState, ZSessionSummary } from "./session-summary";

export const SESSION_PAGE_MAX = 100;
/** How many of the newest matching sessions a text search reads (bounded: no index serves `contains`). */
export const SESSION_SEARCH_WINDOW = 2000;

export const ZListSessionsRequest = z.strictObject({
  domainId: ZUuid.optional(),
  automationId: ZUuid.optional(),
  status: ZSessionListStatus.default("active"),
  state: ZSessionRunState.optional(),
  kind: z.enum(["domain", "personal"]).optional(),
  /** The last turn's outcome (see ZRunOutcome). */
  outcome: ZRunOutcome.optional(),
  origin: ZSessionOrigin.optional(),
  automationKind: z.enum(["agent", "flow"]).optional(),
  /**
   * Text search, case-insensitive, over the session's title (its first message's first line,
   * the run's input), the agent or flow's name, and the trigger or API key that started it;
   * within the newest SESSION_SEARCH_WINDOW sessions matching the other filters.
   */
  q: z.string().trim().max(200).optional(),
  /** The last id of the previous page. */
  cursor: ZUuid.optional(),
  limit: z.number().int().min(1).max(SESSION_PAGE_MAX).default(50),
});
export type TListSessionsRequest = z.input<typeof ZListSessionsRequest>;

export const ZListSessionsResponse = z.object({ sessions: z.array(ZSessionSummary), nextCursor: ZUuid.nullable() });
export type TListSessionsResponse = z.infer<typeof ZListSessionsResponse>;
