import { z } from "zod";
import { ZRevisionChange } from "@/contracts/agents/compare-revisions";
import { ZFlowId } from "./flow";

export const ZCompareFlowRevisionsRequest = z.strictObject({
  id: ZFlowId,
  from: z.int().min(1),
  to: z.int().min(1),
});
export type TCompareFlowRevisionsRequest = z.infer<typeof ZCompareFlowRevisionsRequest>;

export const ZCompareFlowRevisionsResponse = z.object({
  from: z.int(),
  to: z.int(),
  changes: z.array(ZRevisionChange),
});
export type TCompareFlowRevisionsResponse = z.infer<typeof ZCompareFlowRevisionsResponse>;
