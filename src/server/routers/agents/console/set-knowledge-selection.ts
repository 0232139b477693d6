import {
  ZSetKnowledgeSelectionRequest,
  ZSetKnowledgeSelectionResponse,
} from "@/contracts/agents/set-knowledge-selection";
import { setKnowledgeSelection as setKnowledgeSelectionService } from "@/server/services/agents/set-knowledge-selection";
import { consoleProcedure } from "@/server/trpc/procedures";

export const setKnowledgeSelection = consoleProcedure
  .input(ZSetKnowledgeSelectionRequest)
  .output(ZSetKnowledgeSelectionResponse)
  .mutation(({ ctx, input }) => setKnowledgeSelectionService(ctx.actor, input));
