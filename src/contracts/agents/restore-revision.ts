import { z } from "zod";
import { ZAgentDetail } from "./agent-detail";
import { ZAgentPathId } from "./setup";

/** Copies a published revision into the draft; nothing is published until a person publishes. */
export const ZRestoreRevisionRequest = z.strictObject({ id: ZAgentPathId, revision: z.int().min(1) });
export type TRestoreRevisionRequest = z.infer<typeof ZRestoreRevisionRequest>;

export const ZRestoreRevisionResponse = z.object({
  restoredRevision: z.int(),
  agent: ZAgentDetail.meta({ description: "The agent with its new draft; the published pointer has not moved." }),
});
export type TRestoreRevisionResponse = z.infer<typeof ZRestoreRevisionResponse>;
