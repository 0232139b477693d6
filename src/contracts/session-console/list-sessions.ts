import { z } from "zod";
import { ZUuid } from "@/contracts/common/ids";
import { ZRunOutcome, ZSessionListStatus, ZSessionOrigin, ZSessionRunState, ZSessionSummary } from "./session-summary";

export const SESSION_PAGE_MAX = 100;

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
  /** The last id of the previous page. */
  cursor: ZUuid.optional(),
  limit: z.number().int().min(1).max(SESSION_PAGE_MAX).default(50),
});
export type TListSessionsRequest = z.input<typeof ZListSessionsRequest>;

export const ZListSessionsResponse = z.object({ sessions: z.array(ZSessionSummary), nextCursor: ZUuid.nullable() });
export type TListSessionsResponse = z.infer<typeof ZListSessionsResponse>;
