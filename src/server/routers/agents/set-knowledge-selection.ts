import {
  setKnowledgeSelectionMeta,
  ZSetKnowledgeSelectionRequest,
  ZSetKnowledgeSelectionResponse,
} from "@/contracts/agents/set-knowledge-selection";
import { setKnowledgeSelection as setKnowledgeSelectionService } from "@/server/services/agents/set-knowledge-selection";
import { userTokenProcedure } from "@/server/trpc/procedures";

export const setKnowledgeSelection = userTokenProcedure
  .meta(setKnowledgeSelectionMeta)
  .input(ZSetKnowledgeSelectionRequest)
  .output(ZSetKnowledgeSelectionResponse)
  .mutation(({ ctx, input }) => setKnowledgeSelectionService(ctx.actor, input));
