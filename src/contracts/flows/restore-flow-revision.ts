import { z } from "zod";
import { ZFlowDetail, ZFlowId } from "./flow";

/** Copies a published revision's document and binding policies into the draft; nothing is published. */
export const ZRestoreFlowRevisionRequest = z.strictObject({ id: ZFlowId, revision: z.int().min(1) });
export type TRestoreFlowRevisionRequest = z.infer<typeof ZRestoreFlowRevisionRequest>;

export const ZRestoreFlowRevisionResponse = z.object({ restoredRevision: z.int(), flow: ZFlowDetail });
export type TRestoreFlowRevisionResponse = z.infer<typeof ZRestoreFlowRevisionResponse>;
