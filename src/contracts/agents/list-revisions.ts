import { z } from "zod";
import { ZRevisionSummary } from "./agent-detail";
import { ZAgentPathId } from "./setup";

export const ZListRevisionsRequest = z.strictObject({ id: ZAgentPathId });
export type TListRevisionsRequest = z.infer<typeof ZListRevisionsRequest>;

/** Newest first. */
export const ZListRevisionsResponse = z.object({ revisions: z.array(ZRevisionSummary) });
export type TListRevisionsResponse = z.infer<typeof ZListRevisionsResponse>;
